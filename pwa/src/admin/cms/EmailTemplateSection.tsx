import { useState, type FormEvent } from 'react';
import {
  EMAIL_COPY_FIELDS,
  parseEmailCopy,
  PRODUCT_NAME_DEFAULT,
  renderEmailCopy,
  type EmailCopy,
  type EmailCopyField,
} from '@courtreplay/shared';
import { failure, Notice, success, type NoticeValue } from '../common/Notice.tsx';
import { useSaveEmailCopyMutation } from './mutations.ts';

const LABELS: Record<EmailCopyField, string> = {
  EMAIL_SUBJECT: 'Subject',
  EMAIL_HEADING: 'Heading',
  EMAIL_THANK_YOU: 'Thank-you line',
  EMAIL_INSTRUCTIONS: 'Instructions',
  EMAIL_CLOSING: 'Closing',
  EMAIL_FOOTER: 'Footer',
};
const MULTILINE: ReadonlySet<EmailCopyField> = new Set(['EMAIL_THANK_YOU', 'EMAIL_INSTRUCTIONS', 'EMAIL_CLOSING']);

/** The e-mail copy editor with a live preview; `{productName}` stands for the product's name. */
export function EmailTemplateSection({ stored }: { stored: string | undefined }) {
  const [parsed] = useState(() => parseEmailCopy(stored));
  const [copy, setCopy] = useState<EmailCopy>(parsed.copy);
  const [notice, setNotice] = useState<NoticeValue>(parsed.status === 'invalid' ? failure(parsed.message) : null);
  const save = useSaveEmailCopyMutation();
  const preview = renderEmailCopy(copy, PRODUCT_NAME_DEFAULT);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    save.mutate(copy, {
      onSuccess: () => setNotice(success('Email template saved successfully')),
      onError: (err) => setNotice(failure(err.message)),
    });
  };

  return (
    <div className="grid-2">
      <form className="stack" onSubmit={submit} noValidate aria-label="Email template">
        {EMAIL_COPY_FIELDS.map((field) => (
          <label key={field} className="field">
            <span>{LABELS[field]}</span>
            {MULTILINE.has(field) ? (
              <textarea name={field} rows={3} value={copy[field]} onChange={(e) => setCopy((c) => ({ ...c, [field]: e.target.value }))} />
            ) : (
              <input name={field} value={copy[field]} onChange={(e) => setCopy((c) => ({ ...c, [field]: e.target.value }))} />
            )}
          </label>
        ))}
        <p className="muted">Use {'{productName}'} for the product name.</p>
        <button type="submit" className="btn btn-primary" disabled={save.isPending}>
          Save Email Template
        </button>
        <Notice notice={notice} />
      </form>
      <article className="email-preview" aria-label="Email preview">
        <p className="muted">
          Subject: <strong data-testid="preview-subject">{preview.EMAIL_SUBJECT}</strong>
        </p>
        <h3 data-testid="preview-heading">{preview.EMAIL_HEADING}</h3>
        <p>{preview.EMAIL_THANK_YOU}</p>
        <p>{preview.EMAIL_INSTRUCTIONS}</p>
        <p>
          <span className="btn btn-primary">Open your videos</span>
        </p>
        <p>{preview.EMAIL_CLOSING}</p>
        <p className="muted small">{preview.EMAIL_FOOTER}</p>
      </article>
    </div>
  );
}

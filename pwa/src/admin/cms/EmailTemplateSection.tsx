import { useQuery } from '@tanstack/react-query';
import { useEffect, useState, type FormEvent } from 'react';
import {
  EMAIL_COPY_FIELDS,
  KIOSK_LANGUAGE_NAMES,
  KIOSK_LANGUAGES,
  parseEmailCopy,
  type EmailCopy,
  type EmailCopyField,
  type KioskLanguage,
} from '@courtreplay/shared';
import { failure, Notice, success, type NoticeValue } from '../common/Notice.tsx';
import { useSaveEmailCopyMutation } from './mutations.ts';
import { cmsQueries } from './queries.ts';
import { useAdminMessages } from '../i18n/admin-language.ts';
import './EmailTemplateSection.css';

const PREVIEW_DELAY_MS = 300;

const MULTILINE: ReadonlySet<EmailCopyField> = new Set(['EMAIL_THANK_YOU', 'EMAIL_INSTRUCTIONS', 'EMAIL_CLOSING']);

/**
 * The e-mail copy editor with a live preview. The preview is the e-mail the server would send with
 * this copy for a sample purchase, composed by the same function as every real one, shown in a
 * sandboxed frame (no scripts); it follows the edits once typing pauses.
 */
export function EmailTemplateSection({ stored }: { stored: string | undefined }) {
  const MESSAGES = useAdminMessages();
  const S = MESSAGES.adminScreens.cms;
  const [parsed] = useState(() => parseEmailCopy(stored));
  const [copy, setCopy] = useState<EmailCopy>(parsed.copy);
  const [notice, setNotice] = useState<NoticeValue>(parsed.status === 'invalid' ? failure(parsed.message) : null);
  const [language, setLanguage] = useState<KioskLanguage>('en');
  const [previewed, setPreviewed] = useState<EmailCopy>(copy);
  useEffect(() => {
    const timer = setTimeout(() => setPreviewed(copy), PREVIEW_DELAY_MS);
    return () => clearTimeout(timer);
  }, [copy]);
  const preview = useQuery(cmsQueries.emailPreview(previewed, language));
  const save = useSaveEmailCopyMutation();

  const submit = (e: FormEvent) => {
    e.preventDefault();
    save.mutate(copy, {
      onSuccess: () => setNotice(success(S.emailSaved)),
      onError: (err) => setNotice(failure(err.message)),
    });
  };

  return (
    <div className="grid-2">
      <form className="stack" onSubmit={submit} noValidate aria-label={S.emailTemplate}>
        {EMAIL_COPY_FIELDS.map((field) => (
          <label key={field} className="field">
            <span>{S.emailFields[field]}</span>
            {MULTILINE.has(field) ? (
              <textarea name={field} rows={3} value={copy[field]} onChange={(e) => setCopy((c) => ({ ...c, [field]: e.target.value }))} />
            ) : (
              <input name={field} value={copy[field]} onChange={(e) => setCopy((c) => ({ ...c, [field]: e.target.value }))} />
            )}
          </label>
        ))}
        <p className="muted">{MESSAGES.emailConfig.placeholders}</p>
        <button type="submit" className="btn btn-primary" disabled={save.isPending}>
          {S.saveEmailTemplate}
        </button>
        <Notice notice={notice} />
      </form>
      <article className="email-preview" aria-label={S.emailPreview}>
        <div className="row-actions">
          <p className="muted">
            Subject: <strong data-testid="preview-subject">{preview.data?.subject ?? ''}</strong>
          </p>
          <label className="field field-inline">
            <span>{MESSAGES.emailConfig.previewLanguage}</span>
            <select value={language} onChange={(e) => setLanguage(e.target.value as KioskLanguage)}>
              {KIOSK_LANGUAGES.map((l) => (
                <option key={l} value={l}>
                  {KIOSK_LANGUAGE_NAMES[l]}
                </option>
              ))}
            </select>
          </label>
        </div>
        {preview.isError && <Notice notice={failure(MESSAGES.emailConfig.previewFailed)} />}
        <iframe className="email-preview-frame" title={S.emailPreviewBody} sandbox="" srcDoc={preview.data?.html ?? ''} />
      </article>
    </div>
  );
}

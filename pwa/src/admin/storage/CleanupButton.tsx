// A storage clean-up that says what it will remove before asking: the first
// click counts the files this product stored (and their size) for this very clean-up; then Yes/No,
// or, for emptying the whole drive, the word DELETE typed out.
import { useState } from 'react';
import { formatSize, type CleanupPreviewResponse } from '@courtreplay/shared';
import { previewCleanup } from './mutations.ts';
import { useAdminMessages } from '../i18n/admin-language.ts';

type Step =
  | { name: 'idle' }
  | { name: 'counting' }
  | { name: 'asking'; amount: CleanupPreviewResponse; olderThan: string | undefined }
  | { name: 'nothing' }
  | { name: 'failed'; message: string };

interface Props {
  label: string;
  /** The cut-off, drawn when the admin clicks; none: every file this product stored. */
  cutoff?: () => string;
  question: (files: number, size: string) => string;
  nothing: string;
  /** Ask for the word DELETE instead of Yes (Empty Drive). */
  typeToConfirm?: boolean;
  disabled?: boolean;
  onConfirm: (olderThan: string | undefined) => void;
}

export function CleanupButton({ label, cutoff, question, nothing, typeToConfirm = false, disabled, onConfirm }: Props) {
  const MESSAGES = useAdminMessages();
  const T = MESSAGES.storage;
  const D = MESSAGES.dashboard;
  const [step, setStep] = useState<Step>({ name: 'idle' });
  const [typed, setTyped] = useState('');
  const close = () => {
    setStep({ name: 'idle' });
    setTyped('');
  };
  const start = async () => {
    const olderThan = cutoff?.();
    setStep({ name: 'counting' });
    try {
      const amount = await previewCleanup(olderThan);
      setStep(amount.files === 0 ? { name: 'nothing' } : { name: 'asking', amount, olderThan });
    } catch (err) {
      setStep({ name: 'failed', message: err instanceof Error ? err.message : T.countFailed });
    }
  };
  const run = (olderThan: string | undefined) => {
    close();
    onConfirm(olderThan);
  };

  if (step.name === 'idle' || step.name === 'counting') {
    return (
      <button type="button" className="btn btn-danger btn-sm" disabled={disabled || step.name === 'counting'} onClick={() => void start()}>
        {step.name === 'counting' ? T.counting : label}
      </button>
    );
  }
  if (step.name !== 'asking') {
    return (
      <span className="confirm" role="status">
        <span className="confirm-question">{step.name === 'nothing' ? nothing : step.message}</span>
        <button type="button" className="btn btn-sm" autoFocus onClick={close}>
          {T.cancel}
        </button>
      </span>
    );
  }
  const text = question(step.amount.files, formatSize(step.amount.bytes));
  if (typeToConfirm) {
    return (
      <form
        className="confirm"
        aria-label={text}
        onSubmit={(e) => {
          e.preventDefault();
          if (typed === T.typeDeleteWord) run(step.olderThan);
        }}
        onKeyDown={(e) => e.key === 'Escape' && close()}
      >
        <span className="confirm-question">{text}</span>
        <input
          aria-label={T.typeDelete}
          placeholder={T.typeDelete}
          value={typed}
          autoFocus
          autoComplete="off"
          onChange={(e) => setTyped(e.target.value)}
        />
        <button type="submit" className="btn btn-danger btn-sm" disabled={typed !== T.typeDeleteWord}>
          {T.deleteNow}
        </button>
        <button type="button" className="btn btn-sm" onClick={close}>
          {T.cancel}
        </button>
      </form>
    );
  }
  return (
    <span className="confirm" role="group" aria-label={text} onKeyDown={(e) => e.key === 'Escape' && close()}>
      <span className="confirm-question">{text}</span>
      <button type="button" className="btn btn-danger btn-sm" autoFocus onClick={() => run(step.olderThan)}>
        {D.yes}
      </button>
      <button type="button" className="btn btn-sm" onClick={close}>
        {D.no}
      </button>
    </span>
  );
}

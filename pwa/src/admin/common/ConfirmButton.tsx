// The two-step inline confirmation used before every delete or irreversible action (spec section 4):
// the first click asks 'Are you sure?' in place with Yes/No; only Yes runs the action.
import { useState, type ReactNode } from 'react';
import { useAdminMessages } from '../i18n/admin-language.ts';

interface Props {
  label: ReactNode;
  onConfirm: () => void;
  /** Replaces 'Are you sure?' when the action needs saying (e.g. deleting a venue removes its courts). */
  question?: string;
  disabled?: boolean;
  className?: string;
}

export function ConfirmButton({ label, onConfirm, question: asked, disabled, className = 'btn btn-danger btn-sm' }: Props) {
  const T = useAdminMessages().dashboard;
  const question = asked ?? T.confirm;
  const [asking, setAsking] = useState(false);
  if (!asking) {
    return (
      <button type="button" className={className} disabled={disabled} onClick={() => setAsking(true)}>
        {label}
      </button>
    );
  }
  return (
    <span className="confirm" role="group" aria-label={question} onKeyDown={(e) => e.key === 'Escape' && setAsking(false)}>
      <span className="confirm-question">{question}</span>
      <button
        type="button"
        className="btn btn-danger btn-sm"
        autoFocus
        onClick={() => {
          setAsking(false);
          onConfirm();
        }}
      >
        {T.yes}
      </button>
      <button type="button" className="btn btn-sm" onClick={() => setAsking(false)}>
        {T.no}
      </button>
    </span>
  );
}

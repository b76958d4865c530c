import './ResultIcon.css';

/** The tick or cross at the top of the purchase-completed and payment result screens. */
export function ResultIcon({ kind }: { kind: 'success' | 'error' | 'pending' }) {
  return (
    <div className={`result-icon is-${kind}`} aria-hidden="true">
      <svg viewBox="0 0 24 24">
        {kind === 'pending' ? (
          <path
            d="M12 6v6l4 2M12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18z"
            fill="none"
            stroke="currentColor"
            strokeWidth="2"
            strokeLinecap="round"
          />
        ) : kind === 'success' ? (
          <path
            d="M5 12.5l4.5 4.5L19 7.5"
            fill="none"
            stroke="currentColor"
            strokeWidth="2.5"
            strokeLinecap="round"
            strokeLinejoin="round"
          />
        ) : (
          <path d="M7 7l10 10M17 7L7 17" fill="none" stroke="currentColor" strokeWidth="2.5" strokeLinecap="round" />
        )}
      </svg>
    </div>
  );
}

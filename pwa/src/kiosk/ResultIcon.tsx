/** The tick or cross at the top of the purchase-completed and payment result screens. */
export function ResultIcon({ kind }: { kind: 'success' | 'error' }) {
  return (
    <div className={`result-icon is-${kind}`} aria-hidden="true">
      <svg viewBox="0 0 24 24">
        {kind === 'success' ? (
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

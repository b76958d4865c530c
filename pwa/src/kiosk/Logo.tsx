import { PRODUCT_NAME_DEFAULT } from '@courtreplay/shared';
import { useProductName } from './queries.ts';

// Styled by Logo.css, which KioskShell.tsx imports so that it stays in the entry's style sheet.
/** The product mark: a play button inside a court outline, and the name. */
export function Logo({ size = 'md' }: { size?: 'sm' | 'md' | 'lg' }) {
  const productName = useProductName();
  return (
    <div className={`logo logo-${size}`} aria-label={productName}>
      <svg className="logo-mark" viewBox="0 0 64 64" aria-hidden="true">
        <rect x="4" y="10" width="56" height="44" rx="8" fill="none" stroke="currentColor" strokeWidth="4" />
        <line x1="32" y1="10" x2="32" y2="54" stroke="currentColor" strokeWidth="2" opacity="0.4" />
        <path d="M25 22 L44 32 L25 42 Z" fill="var(--accent)" />
      </svg>
      <span className="logo-text">
        {productName === PRODUCT_NAME_DEFAULT ? (
          <>
            Court<strong>Replay</strong>
          </>
        ) : (
          productName
        )}
      </span>
    </div>
  );
}

import type { ReactNode } from 'react';
import { useKioskPortrait } from './hooks.ts';
import { Logo } from './Logo.tsx';

// Styled by FullScreenMessage.css, which KioskShell.tsx imports so that it stays in the entry's style sheet.
/** A centred full-screen status (device check, loading), with its own 1080x1920 portrait layout. */
export function FullScreenMessage({
  title,
  subtitle,
  children,
  testId,
  spinner = true,
}: {
  title: string;
  subtitle?: string;
  children?: ReactNode;
  testId?: string;
  /** Off for a message that is an answer, not a wait. */
  spinner?: boolean;
}) {
  const portrait = useKioskPortrait();
  return (
    <div className={`fullscreen-message${portrait ? ' is-portrait' : ''}`} data-testid={testId} role="status" aria-live="polite">
      {portrait ? (
        <div className="fullscreen-logo">
          <Logo size="md" />
        </div>
      ) : null}
      {spinner ? <div className="spinner" aria-hidden="true" /> : null}
      <h1 className="fullscreen-title">{title}</h1>
      {subtitle ? <p className="fullscreen-subtitle">{subtitle}</p> : null}
      {children}
    </div>
  );
}

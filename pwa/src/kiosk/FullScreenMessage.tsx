import type { ReactNode } from 'react';
import { useKioskPortrait } from './hooks.ts';
import { Logo } from './Logo.tsx';

/** A centred full-screen status (device check, loading), with its own 1080x1920 portrait layout. */
export function FullScreenMessage({ title, subtitle, children, testId }: { title: string; subtitle?: string; children?: ReactNode; testId?: string }) {
  const portrait = useKioskPortrait();
  return (
    <div className={`fullscreen-message${portrait ? ' is-portrait' : ''}`} data-testid={testId} role="status" aria-live="polite">
      {portrait ? (
        <div className="fullscreen-logo">
          <Logo size="md" />
        </div>
      ) : null}
      <div className="spinner" aria-hidden="true" />
      <h1 className="fullscreen-title">{title}</h1>
      {subtitle ? <p className="fullscreen-subtitle">{subtitle}</p> : null}
      {children}
    </div>
  );
}

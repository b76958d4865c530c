// A modal question on the kiosk: two large buttons, the safe answer focused first, Escape answers it.
import { useEffect, useId, useRef, type ReactNode } from 'react';
import './ConfirmDialog.css';

export interface ConfirmDialogProps {
  title: string;
  text?: ReactNode;
  confirmLabel: string;
  cancelLabel: string;
  onConfirm: () => void;
  onCancel: () => void;
  testId?: string;
}

export function ConfirmDialog({ title, text, confirmLabel, cancelLabel, onConfirm, onCancel, testId }: ConfirmDialogProps) {
  return (
    <KioskDialog title={title} onCancel={onCancel} testId={testId}>
      {text ? <p className="kiosk-dialog-text">{text}</p> : null}
      <div className="kiosk-dialog-actions">
        <button type="button" className="btn btn-secondary btn-lg" onClick={onConfirm}>
          {confirmLabel}
        </button>
        <button type="button" className="btn btn-primary btn-lg" onClick={onCancel} data-autofocus>
          {cancelLabel}
        </button>
      </div>
    </KioskDialog>
  );
}

/** The frame of every kiosk question: a labelled modal over a dimmed screen; focus returns to the opener. */
export function KioskDialog({
  title,
  onCancel,
  testId,
  children,
}: {
  title: string;
  onCancel: () => void;
  testId?: string;
  children: ReactNode;
}) {
  const box = useRef<HTMLDivElement>(null);
  // 'Still there?' can open over another question: each needs its own title id.
  const titleId = useId();
  const cancel = useRef(onCancel);
  useEffect(() => {
    cancel.current = onCancel;
  }, [onCancel]);
  useEffect(() => {
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const first = box.current?.querySelector<HTMLElement>('[data-autofocus]') ?? box.current?.querySelector<HTMLElement>('button');
    first?.focus();
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') {
        e.stopPropagation();
        cancel.current();
      }
    };
    window.addEventListener('keydown', onKey, { capture: true });
    return () => {
      window.removeEventListener('keydown', onKey, { capture: true });
      if (opener?.isConnected) opener.focus();
    };
  }, []);
  return (
    <div className="kiosk-dialog-backdrop">
      <div
        ref={box}
        className="kiosk-dialog kiosk-panel"
        role="alertdialog"
        aria-modal="true"
        aria-labelledby={titleId}
        data-testid={testId}
      >
        <h2 id={titleId} className="kiosk-dialog-title">
          {title}
        </h2>
        {children}
      </div>
    </div>
  );
}

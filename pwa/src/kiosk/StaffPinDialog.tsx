// The staff PIN pad the long-pressed Admin button opens when the venue set a PIN.
// The server checks the PIN; the digits are shown as dots and typed on the pad or a keyboard.
import { useEffect, useState } from 'react';
import { useMessages, useTranslate } from '../i18n/language.ts';
import { KioskDialog } from './ConfirmDialog.tsx';
import { checkStaffPin } from './staff-pin.ts';
import './StaffPinDialog.css';

const MAX_DIGITS = 8;
const DIGITS = ['1', '2', '3', '4', '5', '6', '7', '8', '9', '0'] as const;

export function StaffPinDialog({ onUnlocked, onCancel }: { onUnlocked: () => void; onCancel: () => void }) {
  const G = useMessages().guards;
  const tr = useTranslate();
  const [pin, setPin] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [checking, setChecking] = useState(false);

  const add = (digit: string) => setPin((p) => (p.length < MAX_DIGITS ? p + digit : p));
  const submit = async () => {
    if (checking || pin.length === 0) return;
    setChecking(true);
    const refusal = await checkStaffPin(pin);
    setChecking(false);
    setPin('');
    if (refusal === null) onUnlocked();
    else setError(refusal);
  };

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (/^[0-9]$/.test(e.key)) add(e.key);
      else if (e.key === 'Backspace') setPin((p) => p.slice(0, -1));
      else return;
      e.preventDefault();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  return (
    <KioskDialog title={G.staffPinTitle} onCancel={onCancel} testId="staff-pin">
      <p className="pin-display" aria-live="polite" data-testid="pin-display">
        {'•'.repeat(pin.length)}
      </p>
      {error ? (
        <p className="kiosk-dialog-error" role="alert">
          {tr(error)}
        </p>
      ) : null}
      <div className="pin-pad">
        {DIGITS.map((d) => (
          <button key={d} type="button" className={`btn btn-secondary btn-lg${d === '0' ? ' pin-zero' : ''}`} onClick={() => add(d)}>
            {d}
          </button>
        ))}
      </div>
      <div className="kiosk-dialog-actions">
        <button type="button" className="btn btn-ghost btn-lg" onClick={onCancel}>
          {G.staffPinCancel}
        </button>
        <button type="button" className="btn btn-secondary btn-lg" onClick={() => setPin('')}>
          {G.staffPinClear}
        </button>
        <button
          type="button"
          className="btn btn-primary btn-lg"
          disabled={pin.length < 4 || checking}
          onClick={() => void submit()}
          data-autofocus
        >
          {G.staffPinSubmit}
        </button>
      </div>
    </KioskDialog>
  );
}

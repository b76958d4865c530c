// The 60 s inactivity rule asks 'Still there?' for 10 s before sending the player
// home; answering keeps the cart and the screen. A playing preview counts as activity.
import { INACTIVITY_TIMEOUT_MS, STILL_THERE_SECONDS } from '@courtreplay/shared';
import { useMessages } from '../i18n/language.ts';
import { KioskDialog } from './ConfirmDialog.tsx';
import { useCountdown, useIdleWatch } from './hooks.ts';

export function IdleGuard({ onIdle, enabled = true, busy = false }: { onIdle: () => void; enabled?: boolean; busy?: boolean }) {
  const { asking, stay } = useIdleWatch(INACTIVITY_TIMEOUT_MS, STILL_THERE_SECONDS * 1000, onIdle, { enabled, busy });
  return asking ? <StillThereDialog onStay={stay} /> : null;
}

const noop = () => undefined;

function StillThereDialog({ onStay }: { onStay: () => void }) {
  // The countdown only shows the time; the idle watch itself decides when to go home.
  const left = useCountdown(STILL_THERE_SECONDS, noop);
  const G = useMessages().guards;
  return (
    <KioskDialog title={G.stillThereTitle} onCancel={onStay} testId="still-there">
      <p className="kiosk-dialog-text" aria-live="polite">
        {G.stillThereCountdown(left)}
      </p>
      <div className="kiosk-dialog-actions">
        <button type="button" className="btn btn-primary btn-xl" onClick={onStay} data-autofocus>
          {G.stillThereStay}
        </button>
      </div>
    </KioskDialog>
  );
}

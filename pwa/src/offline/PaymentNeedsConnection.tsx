// Shown instead of the checkout form when the purchase needs payment and the kiosk is offline:
// said before the player types anything, with a way out (docs/contributing.md, Offline-first).
import { useMessages } from '../i18n/language.ts';
import './offline.css';

export function PaymentNeedsConnection({ onComeBack }: { onComeBack: () => void }) {
  const M = useMessages().offline;
  return (
    <section className="card needs-connection" role="alert" aria-labelledby="needs-connection-title" data-testid="needs-connection">
      <svg className="needs-connection-icon" viewBox="0 0 24 24" aria-hidden="true">
        <path d="M2 8.8a15 15 0 0 1 20 0M5.3 12.4a10 10 0 0 1 13.4 0M8.6 15.9a5 5 0 0 1 6.8 0M12 19.5h.01M3 3l18 18" />
      </svg>
      <h2 id="needs-connection-title">{M.needsConnectionTitle}</h2>
      <p>{M.needsConnectionBody}</p>
      <button type="button" className="btn btn-primary btn-lg" onClick={onComeBack} autoFocus>
        {M.comeBackLater}
      </button>
    </section>
  );
}

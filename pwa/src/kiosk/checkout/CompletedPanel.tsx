import { useId, useMemo } from 'react';
import { renderSVG } from 'uqr';
import { useMessages, useTranslate } from '../../i18n/language.ts';
import { useCountdown } from '../hooks.ts';
import { ResultIcon } from '../ResultIcon.tsx';
import type { DeliveryStep } from './delivery.ts';

/**
 * 'Purchase Completed!' with the outcome, the QR code of the phone page (a paid or free purchase), the
 * upload progress, the spam warning, the countdown and Done.
 */
export function CompletedPanel({
  message,
  step,
  seconds,
  onDone,
  phoneUrl,
}: {
  message: string;
  step: DeliveryStep | null;
  seconds: number;
  onDone: () => void;
  phoneUrl?: string | null;
}) {
  const left = useCountdown(seconds, onDone);
  const C = useMessages().checkout;
  const tr = useTranslate();
  const progressLabelId = useId();
  // Drawn in the browser from our own URL (no network): works offline. Dark on white, quiet zone kept.
  const qr = useMemo(() => (phoneUrl ? renderSVG(phoneUrl, { border: 2, pixelSize: 8 }) : null), [phoneUrl]);
  return (
    <main className="result-screen">
      <section className="result-card" data-testid="purchase-completed">
        <ResultIcon kind="success" />
        <h1>{C.purchaseCompleted}</h1>
        <p className="result-message" data-testid="outcome-message">
          {message}
        </p>
        {qr && phoneUrl ? (
          <figure className="phone-qr" data-testid="phone-qr" data-url={phoneUrl}>
            <div className="phone-qr-code" role="img" aria-label={C.phoneQrLabel} dangerouslySetInnerHTML={{ __html: qr }} />
            <figcaption>{C.scanToWatch}</figcaption>
          </figure>
        ) : null}
        {step ? (
          <div className={`progress is-${step.state}`} data-testid="delivery-progress" data-percent={step.percent}>
            <div className="progress-label">
              <span id={progressLabelId} data-testid="progress-label">
                {tr(step.label)}
              </span>
              <span>{step.percent}%</span>
            </div>
            <div
              className="progress-track"
              role="progressbar"
              aria-labelledby={progressLabelId}
              aria-valuemin={0}
              aria-valuemax={100}
              aria-valuenow={step.percent}
            >
              <div className="progress-fill" style={{ width: `${step.percent}%` }} />
            </div>
          </div>
        ) : null}
        <p className="alert alert-warning">{C.checkSpam}</p>
        <p className="countdown" data-testid="countdown">
          {C.redirectCountdown(left)}
        </p>
        <button type="button" className="btn btn-primary" onClick={onDone}>
          {C.done}
        </button>
      </section>
    </main>
  );
}

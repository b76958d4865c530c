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
  sentTo,
  sentToPhone,
}: {
  message: string;
  step: DeliveryStep | null;
  seconds: number;
  onDone: () => void;
  phoneUrl?: string | null;
  /** The address the clips also go to, repeated for the player (issue 13 point 4). */
  sentTo?: string;
  /** The WhatsApp number the link goes to, as shown (issue 26). */
  sentToPhone?: string | null;
}) {
  const left = useCountdown(seconds, onDone);
  const C = useMessages().checkout;
  return (
    <ResultCard
      title={C.purchaseCompleted}
      icon="success"
      message={message}
      step={step}
      left={left}
      onDone={onDone}
      phoneUrl={phoneUrl}
      sentTo={sentTo}
      sentToPhone={sentToPhone}
    />
  );
}

/**
 * A pending payment is not a completed purchase (issue 13 point 3): an amber 'Waiting for payment'
 * with the spec's pending message and nothing that claims more (no upload bar, no address the clips
 * went to, no spam hint: nothing is sent before the payment lands). The checkout machine asks the
 * server meanwhile; `failed` once it says the payment ended unpaid.
 */
export function WaitingPanel({
  failed,
  seconds,
  onDone,
  message,
  sentToPhone,
}: {
  failed: boolean;
  seconds: number;
  onDone: () => void;
  /** The pending message (its WhatsApp wording for a purchase with only a number, issue 26). */
  message?: string;
  sentToPhone?: string | null;
}) {
  const left = useCountdown(seconds, onDone);
  const M = useMessages();
  const C = M.checkout;
  return failed ? (
    <ResultCard title={M.paymentFailure.title} icon="error" message={M.paymentFailure.subtitle} step={null} left={left} onDone={onDone} />
  ) : (
    <ResultCard
      title={C.waitingForPayment}
      icon="pending"
      message={message ?? C.paymentPending}
      step={null}
      left={left}
      onDone={onDone}
      sentToPhone={sentToPhone}
    />
  );
}

const RESULT_TEST_IDS = { success: 'purchase-completed', pending: 'waiting-for-payment', error: 'payment-failed' } as const;

function ResultCard({
  title,
  icon,
  message,
  step,
  left,
  onDone,
  phoneUrl,
  sentTo,
  sentToPhone,
}: {
  title: string;
  icon: 'success' | 'error' | 'pending';
  message: string;
  step: DeliveryStep | null;
  left: number;
  onDone: () => void;
  phoneUrl?: string | null;
  sentTo?: string;
  sentToPhone?: string | null;
}) {
  const C = useMessages().checkout;
  const tr = useTranslate();
  const progressLabelId = useId();
  // Drawn in the browser from our own URL (no network): works offline. Dark on white, quiet zone kept.
  const qr = useMemo(() => (phoneUrl ? renderSVG(phoneUrl, { border: 2, pixelSize: 8 }) : null), [phoneUrl]);
  return (
    <main className="result-screen">
      <section className="result-card" data-testid={RESULT_TEST_IDS[icon]}>
        <ResultIcon kind={icon} />
        <h1>{title}</h1>
        {message ? (
          <p className="result-message" data-testid="outcome-message">
            {message}
          </p>
        ) : null}
        {qr && phoneUrl ? (
          <figure className="phone-qr" data-testid="phone-qr" data-url={phoneUrl}>
            <div className="phone-qr-code" role="img" aria-label={C.phoneQrLabel} dangerouslySetInnerHTML={{ __html: qr }} />
            <figcaption>{C.scanToWatch}</figcaption>
          </figure>
        ) : null}
        {sentToPhone && icon !== 'error' ? (
          <p className="result-email result-whatsapp" data-testid="sent-to-whatsapp">
            {C.sentToWhatsapp(sentToPhone)}
          </p>
        ) : null}
        {sentTo && icon !== 'error' ? (
          <p className="result-email" data-testid="sent-to">
            {C.alsoSentTo(sentTo)}
          </p>
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
            {step.waitingFor ? (
              <p className="progress-waiting" data-testid="delivery-waiting" role="status">
                {C.progress.storageWaiting}
                <small lang="en">{step.waitingFor}</small>
              </p>
            ) : null}
          </div>
        ) : null}
        {/* The spam hint is about the e-mail: not for a purchase with only a WhatsApp number. */}
        {icon === 'success' && !(sentToPhone && !sentTo) ? <p className="alert alert-warning">{C.checkSpam}</p> : null}
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

import { useId, useMemo } from 'react';
import { renderSVG } from 'uqr';
import { useMessages, useTranslate } from '../../i18n/language.ts';
import { useCountdown } from '../hooks.ts';
import { ResultIcon } from '../ResultIcon.tsx';
import type { DeliveryStep } from './delivery.ts';
import './result-screen.css';
import './CompletedPanel.css';

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
  /** The address the clips also go to, repeated for the player. */
  sentTo?: string;
  /** The WhatsApp number the link goes to, as shown. */
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
 * A pending payment is not a completed purchase: an amber 'Waiting for payment' with the spec's
 * pending message and nothing that claims more (no upload bar, no address the clips went to, no
 * spam hint: nothing is sent before the payment lands). Shown only once the provider reported the
 * payment pending; the checkout machine asks the server meanwhile.
 */
export function WaitingPanel({
  seconds,
  onDone,
  message,
  sentToPhone,
}: {
  seconds: number;
  onDone: () => void;
  /** The pending message (its WhatsApp wording for a purchase with only a number). */
  message?: string;
  sentToPhone?: string | null;
}) {
  const left = useCountdown(seconds, onDone);
  const C = useMessages().checkout;
  return (
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

/**
 * The network went while the payment form was open: nothing is charged yet, and a payment the
 * player makes on their phone still counts (the kiosk keeps asking). Back (or the countdown) returns
 * to the order form with the cart as it was.
 */
export function ConnectionLostPanel({ seconds, onBack }: { seconds: number; onBack: () => void }) {
  const left = useCountdown(seconds, onBack);
  const C = useMessages().checkout;
  return (
    <ResultCard
      title={C.connectionLostTitle}
      icon="offline"
      message={C.connectionLost}
      step={null}
      left={left}
      onDone={onBack}
      doneLabel={C.back}
    />
  );
}

const RESULT_TEST_IDS = { success: 'purchase-completed', pending: 'waiting-for-payment', offline: 'connection-lost' } as const;

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
  doneLabel,
}: {
  title: string;
  icon: keyof typeof RESULT_TEST_IDS;
  /** The button's label: Done, unless the screen goes back rather than home. */
  doneLabel?: string;
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
      <section className="result-card kiosk-panel" data-testid={RESULT_TEST_IDS[icon]}>
        <ResultIcon kind={icon === 'offline' ? 'pending' : icon} />
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
        {sentToPhone && icon !== 'offline' ? (
          <p className="result-email result-whatsapp" data-testid="sent-to-whatsapp">
            {C.sentToWhatsapp(sentToPhone)}
          </p>
        ) : null}
        {sentTo && icon !== 'offline' ? (
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
          {doneLabel ?? C.done}
        </button>
      </section>
    </main>
  );
}

import { useId } from 'react';
import { useMessages, useTranslate } from '../../i18n/language.ts';
import { useCountdown } from '../hooks.ts';
import { ResultIcon } from '../ResultIcon.tsx';
import type { DeliveryStep } from './delivery.ts';

/** 'Purchase Completed!' with the outcome, the upload progress, the spam warning and the countdown. */
export function CompletedPanel({
  message,
  step,
  seconds,
  onDone,
}: {
  message: string;
  step: DeliveryStep | null;
  seconds: number;
  onDone: () => void;
}) {
  const left = useCountdown(seconds, onDone);
  const C = useMessages().checkout;
  const tr = useTranslate();
  const progressLabelId = useId();
  return (
    <main className="result-screen">
      <section className="result-card" data-testid="purchase-completed">
        <ResultIcon kind="success" />
        <h1>{C.purchaseCompleted}</h1>
        <p className="result-message" data-testid="outcome-message">
          {message}
        </p>
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
      </section>
    </main>
  );
}

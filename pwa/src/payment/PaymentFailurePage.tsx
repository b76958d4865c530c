// /payment/failure?order_id&error_code&error_message (spec section 2): the error, its code and the
// transaction id; 10 s back to /box/video-selection; 'Try Again' goes to /box/checkout.
import { useNavigate, useSearchParams } from 'react-router';
import { FAILURE_REDIRECT_SECONDS } from '@courtreplay/shared';
import { useMessages, useTranslate } from '../i18n/language.ts';
import { useCountdown } from '../kiosk/hooks.ts';
import { ResultIcon } from '../kiosk/ResultIcon.tsx';
import '../kiosk/checkout/result-screen.css';
import './payment-result.css';

export function PaymentFailurePage() {
  const m = useMessages();
  const F = m.paymentFailure;
  const tr = useTranslate();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const left = useCountdown(FAILURE_REDIRECT_SECONDS, () => void navigate('/box/video-selection'));
  return (
    <main className="result-screen">
      <section className="result-card kiosk-panel" data-testid="payment-failure">
        <ResultIcon kind="error" />
        <h1>{F.title}</h1>
        <p className="result-subtitle">{F.subtitle}</p>
        <p className="alert alert-error" data-testid="error-message">
          {tr(params.get('error_message') || m.checkout.unexpectedError)}
        </p>
        <dl className="result-details">
          <div>
            <dt>{F.errorCode}</dt>
            <dd data-testid="error-code">{params.get('error_code') ?? '-'}</dd>
          </div>
          <div>
            <dt>{F.transactionId}</dt>
            <dd data-testid="transaction-id">{params.get('order_id') ?? '-'}</dd>
          </div>
        </dl>
        <button type="button" className="btn btn-primary btn-lg" onClick={() => void navigate('/box/checkout')}>
          {F.tryAgain}
        </button>
        <p className="countdown" data-testid="countdown">
          {F.redirectCountdown(left)}
        </p>
      </section>
    </main>
  );
}

// /payment/success?order_id= (spec section 2): thanks, the transaction id, 15 s back to /box.
import { useNavigate, useSearchParams } from 'react-router';
import { SUCCESS_PAGE_COUNTDOWN_SECONDS } from '@courtreplay/shared';
import { useMessages } from '../i18n/language.ts';
import { useCountdown } from '../kiosk/hooks.ts';
import { ResultIcon } from '../kiosk/ResultIcon.tsx';
import '../kiosk/checkout/result-screen.css';
import './payment-result.css';

export function PaymentSuccessPage() {
  const m = useMessages();
  const S = m.paymentSuccess;
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const left = useCountdown(SUCCESS_PAGE_COUNTDOWN_SECONDS, () => void navigate('/box'));
  return (
    <main className="result-screen">
      <section className="result-card kiosk-panel" data-testid="payment-success">
        <ResultIcon kind="success" />
        <h1>{S.title}</h1>
        <p className="result-subtitle">{S.subtitle}</p>
        <dl className="result-details">
          <div>
            <dt>{S.transactionId}</dt>
            <dd data-testid="transaction-id">{params.get('order_id') ?? '-'}</dd>
          </div>
        </dl>
        <p className="countdown" data-testid="countdown">
          {m.checkout.redirectCountdown(left)}
        </p>
      </section>
    </main>
  );
}

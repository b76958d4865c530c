// Checkout (spec sections 2, 4, 5): order summary priced by the shared quote(), promo, e-mail,
// Pay Now -> the purchase (with an Idempotency-Key) -> the embedded payment form or the free path
// -> 'Purchase Completed!' while the clips upload in the background.
import { useEffect, useMemo, useRef, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Navigate, useNavigate } from 'react-router';
import {
  COUNTDOWN_SECONDS,
  isDeliverableEmail,
  PHONE_QR_COUNTDOWN_SECONDS,
  MESSAGES,
  PAY_FORM_DELAY_MS,
  quote,
  type CreatePurchaseBody,
  type KioskMessages,
  type PaymentClientConfig,
} from '@courtreplay/shared';
import { useKioskLanguage, useMessages, useTranslate } from '../../i18n/language.ts';
import { ApiError, errorMessage } from '../../lib/api-client.ts';
import { Logo } from '../Logo.tsx';
import { clearCart, selectedClips, useClipState, type Clip } from '../clip-store.ts';
import { IdleGuard } from '../StillThereDialog.tsx';
import { formatRupiah } from '../format.ts';
import { useHoldSale } from '../device-trust.tsx';
import { useKioskBase } from '../kiosk-base.ts';
import { configQuery, deviceStatusQuery, paymentClientQuery, pricingOf, productQuery } from '../queries.ts';
import { CompletedPanel, PendingPanel } from './CompletedPanel.tsx';
import { suggestEmail } from './email-suggestion.ts';
import { newPhoneToken, phoneUrlFor } from './phone-link.ts';
import { deliverClips, offlineUploadPlan, type DeliveryStep } from './delivery.ts';
import { isOnline, PaymentNeedsConnection, useOnline } from '../../offline/index.ts';
import { enqueuePurchase, newIdempotencyKey, submitPurchase } from '../../outbox/index.ts';
import { PromoBox, type PromoBoxHandle } from './PromoBox.tsx';
import { abandonPurchase } from './abandon.ts';
import { getSnap, loadSnapScript, type SnapResult } from './snap.ts';
import type { AppliedPromo } from './promo.ts';

const EMBED_ID = 'snap-container';
/** The kiosk's check (spec section 5: must contain '@'), as strict as the server's so it never refuses what passed here. */

/** A message picked now and worded when shown, so a language switch rewords it (issue 12 point 12). */
type Say = (c: KioskMessages['checkout'], tr: (english: string) => string) => string;

/** `done` is paid or free (the QR code of the player's page shows); `pending` waits for the payment to land. */
type Phase = { name: 'form' } | { name: 'paying' } | { name: 'done'; message: Say } | { name: 'pending'; transactionId: string };

export function CheckoutPage() {
  const { base, staging } = useKioskBase();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const clipState = useClipState();
  const config = useQuery(configQuery());
  const device = useQuery(deviceStatusQuery());
  const [promo, setPromo] = useState<AppliedPromo | null>(null);
  const [email, setEmail] = useState('');
  const [emailError, setEmailError] = useState<string | null>(null);
  const suggestion = useMemo(() => suggestEmail(email), [email]);
  const [error, setError] = useState<Say | null>(null);
  const [busy, setBusy] = useState(false);
  const [phase, setPhase] = useState<Phase>({ name: 'form' });
  const [delivery, setDelivery] = useState<DeliveryStep | null>(null);
  const [purchased, setPurchased] = useState<Clip[] | null>(null);
  const idempotencyKey = useRef<string | null>(null);
  // Drawn with each new purchase attempt (like its idempotency key); the server's phoneUrl wins once known.
  const phoneToken = useRef<string | null>(null);
  const [phoneUrl, setPhoneUrl] = useState<string | null>(null);
  const product = useQuery(productQuery());
  const promoBox = useRef<PromoBoxHandle>(null);
  const online = useOnline();
  const C = useMessages().checkout;
  const tr = useTranslate();
  const { language } = useKioskLanguage();
  // A purchase under way finishes even if the kiosk is deauthorised meanwhile (issue 12 point 1).
  useHoldSale(busy || phase.name !== 'form');
  // The selection screen is left scrolled down at its Checkout bar: start this one at the top.
  useEffect(() => {
    window.scrollTo(0, 0);
  }, []);

  const clips = purchased ?? selectedClips(clipState);
  if (phase.name === 'form' && clips.length === 0) return <Navigate to={`${base}/video-selection`} replace />;

  const pricing = pricingOf(config.data, staging);
  const q = quote({ ...pricing, count: clips.length, promo });

  const startDelivery = (transactionId: string, bought: Clip[]) => {
    void deliverClips(transactionId, bought, setDelivery);
  };

  const finish = (message: Say, transactionId: string, bought: Clip[]) => {
    clearCart();
    setPhase({ name: 'done', message });
    startDelivery(transactionId, bought);
  };

  const openPaymentForm = async (token: string, transactionId: string, bought: Clip[]) => {
    // Every way out without paying ends the pending purchase first, giving its promo use back.
    const giveUp = async (message: Say) => {
      await abandonPurchase(transactionId);
      fail(message);
    };
    let client: PaymentClientConfig;
    try {
      client = await queryClient.fetchQuery(paymentClientQuery(staging));
      if (!client.scriptUrl) throw new Error('no script');
    } catch {
      // Not kept: the next Pay Now asks the server again.
      queryClient.removeQueries({ queryKey: paymentClientQuery(staging).queryKey });
      return giveUp((c) => c.paymentNotConfigured);
    }
    try {
      await loadSnapScript(client.scriptUrl, client.clientKey);
    } catch {
      return giveUp((c) => c.paymentSystemLoadFailed);
    }
    setPhase({ name: 'paying' });
    await new Promise((r) => setTimeout(r, PAY_FORM_DELAY_MS));
    const snap = getSnap();
    if (!snap) return giveUp((c) => c.paymentFormLoadFailed);
    // Only the first callback counts: Snap may still call onClose after onSuccess or onPending,
    // which must neither reopen the form nor end a purchase that is being paid.
    let answered = false;
    const once =
      <A extends unknown[]>(handler: (...args: A) => void) =>
      (...args: A) => {
        if (answered) return;
        answered = true;
        handler(...args);
      };
    try {
      snap.embed(token, {
        embedId: EMBED_ID,
        language,
        onSuccess: once(() => finish((c) => c.paymentSuccess, transactionId, bought)),
        onPending: once(() => {
          clearCart();
          setPhase({ name: 'pending', transactionId });
          startDelivery(transactionId, bought);
        }),
        onError: once((result: SnapResult) => fail((c) => c.paymentFailed(result?.status_message))),
        onClose: once(() => void giveUp((c) => c.paymentCancelled)),
      });
    } catch {
      await giveUp((c) => c.paymentInitFailed);
    }
  };

  const fail = (message: Say) => {
    setPhase({ name: 'form' });
    setError(() => message);
    setBusy(false);
  };

  const payNow = async () => {
    setError(null);
    // A code typed but not applied is applied now and shown, not dropped: the player then pays
    // the total they see (or reads why the code was refused).
    const promoSettled = (await promoBox.current?.settle()) ?? true;
    if (!isDeliverableEmail(email)) {
      setEmailError(MESSAGES.checkout.invalidEmail);
      return;
    }
    if (!promoSettled) return;
    setBusy(true);
    const bought = clips;
    const key = (idempotencyKey.current ??= newIdempotencyKey());
    const token = (phoneToken.current ??= newPhoneToken());
    const body: CreatePurchaseBody = {
      email: email.trim(),
      videoIds: bought.map((c) => c.id),
      videoTitles: bought.map((c) => c.title),
      totalAmount: q.total,
      venueId: device.data?.venueId ?? null,
      fieldId: device.data?.fieldId ?? null,
      promoId: promo?.id ?? null,
      promoCode: promo?.code ?? null,
      isStaging: staging,
      phoneToken: token,
      language,
    };
    const ownPhoneUrl = phoneUrlFor(product.data?.publicUrl ?? window.location.origin, token);
    // A purchase that needs no payment is accepted without the network: the outbox sends it later.
    const acceptOffline = async () => {
      try {
        await enqueuePurchase(body, staging, offlineUploadPlan(bought), key);
      } catch {
        return fail((c) => c.unexpectedError);
      }
      idempotencyKey.current = null;
      phoneToken.current = null;
      setPurchased(bought);
      setPhoneUrl(ownPhoneUrl);
      clearCart();
      setPhase({ name: 'done', message: (c) => c.gatewaySkipped });
    };
    if (q.total === 0 && !isOnline()) return acceptOffline();
    try {
      const answer = await submitPurchase(body, staging, key);
      idempotencyKey.current = null;
      phoneToken.current = null;
      setPurchased(bought);
      setPhoneUrl(answer.phoneUrl || ownPhoneUrl);
      if (answer.skip_payment_gateway || !answer.payment?.token) finish((c) => c.gatewaySkipped, answer.transaction.id, bought);
      else await openPaymentForm(answer.payment.token, answer.transaction.id, bought);
    } catch (e) {
      if (q.total === 0 && e instanceof ApiError && e.status === 0) return acceptOffline();
      // Refused as sent (the prices changed since they were read, say): read them again, so the
      // total on screen is the server's and the next Pay Now goes through.
      if (e instanceof ApiError && e.status === 400) void queryClient.invalidateQueries({ queryKey: configQuery().queryKey });
      // A request that never arrived may be retried with the same key; anything else starts afresh.
      if (!(e instanceof ApiError && e.status === 0)) idempotencyKey.current = null;
      const said = errorMessage(e, MESSAGES.checkout.unexpectedError);
      fail((_, translate) => translate(said));
    }
  };

  if (phase.name === 'pending') {
    return (
      <PendingPanel
        transactionId={phase.transactionId}
        sentTo={email.trim()}
        step={delivery}
        onDone={() => void navigate(base)}
        seconds={Math.max(COUNTDOWN_SECONDS, PHONE_QR_COUNTDOWN_SECONDS)}
        paidSeconds={Math.max(COUNTDOWN_SECONDS, PHONE_QR_COUNTDOWN_SECONDS)}
      />
    );
  }

  if (phase.name === 'done') {
    return (
      <CompletedPanel
        message={phase.message(C, tr)}
        sentTo={email.trim()}
        step={delivery}
        onDone={() => void navigate(base)}
        seconds={phoneUrl ? Math.max(COUNTDOWN_SECONDS, PHONE_QR_COUNTDOWN_SECONDS) : COUNTDOWN_SECONDS}
        phoneUrl={phoneUrl}
      />
    );
  }

  return (
    <main className="checkout">
      <header className="topbar">
        <Logo size="sm" />
      </header>
      <h1 className="page-title">{C.title}</h1>
      <div className="checkout-layout">
        <section className="card order-summary" aria-label={C.orderSummary}>
          <ul className="order-lines">
            {clips.map((clip, i) => (
              <li key={clip.id} className="order-line" data-testid="order-line">
                <span className="order-thumb">{clip.thumbnailUrl ? <img src={clip.thumbnailUrl} alt="" /> : null}</span>
                <span className="order-title">{clip.title}</span>
                <span className="order-price">{formatRupiah(q.lines[i]?.unitPrice ?? 0)}</span>
              </li>
            ))}
          </ul>
          <dl className="totals">
            <div>
              <dt>{C.subtotal}</dt>
              <dd data-testid="subtotal">{formatRupiah(q.subtotal)}</dd>
            </div>
            {q.discount > 0 ? (
              <div className="totals-discount">
                <dt>{C.discount}</dt>
                <dd data-testid="discount">- {formatRupiah(q.discount)}</dd>
              </div>
            ) : null}
            <div className="totals-total">
              <dt>{C.total}</dt>
              <dd data-testid="total">{formatRupiah(q.total)}</dd>
            </div>
          </dl>
        </section>
        {/* Paying needs the network: said before the player types anything. */}
        {!online && q.total > 0 ? (
          <PaymentNeedsConnection onComeBack={() => void navigate(base)} />
        ) : (
          <section className="card checkout-form" aria-label={C.yourDetails}>
            <PromoBox ref={promoBox} promo={promo} onChange={setPromo} disabled={busy} />
            <div className="field">
              <label htmlFor="checkout-email" className="field-label">
                {C.email}
              </label>
              <input
                id="checkout-email"
                className="input"
                type="email"
                inputMode="email"
                autoComplete="email"
                value={email}
                disabled={busy}
                aria-invalid={!!emailError}
                aria-describedby={emailError ? 'email-error' : undefined}
                onChange={(e) => {
                  setEmail(e.target.value);
                  setEmailError(null);
                }}
                onKeyDown={(e) => {
                  // The on-screen keyboard's Enter (Go) pays, as a form's would.
                  if (e.key === 'Enter' && !busy) void payNow();
                }}
              />
              {emailError ? (
                <p id="email-error" className="field-error" role="alert">
                  {tr(emailError)}
                </p>
              ) : null}
              {suggestion ? (
                <button
                  type="button"
                  className="email-suggestion"
                  data-testid="email-suggestion"
                  disabled={busy}
                  onClick={() => {
                    setEmail(suggestion);
                    setEmailError(null);
                  }}
                >
                  {C.didYouMean(suggestion)}
                </button>
              ) : null}
            </div>
            {/* Large, for the player to check before paying: the clips go nowhere else. */}
            {isDeliverableEmail(email) ? (
              <p className="email-confirm" data-testid="email-confirm">
                <span className="email-confirm-label">{C.sendingTo}</span>
                <strong className="email-confirm-address">{email.trim()}</strong>
              </p>
            ) : null}
            {error ? (
              <p className="alert alert-error" role="alert" data-testid="checkout-error">
                {error(C, tr)}
              </p>
            ) : null}
            <div className="checkout-actions">
              <button
                type="button"
                className="btn btn-secondary btn-lg"
                disabled={busy}
                onClick={() => void navigate(`${base}/video-selection`)}
              >
                {C.back}
              </button>
              <button type="button" className="btn btn-primary btn-lg" disabled={busy} onClick={() => void payNow()}>
                {C.payNow}
              </button>
            </div>
          </section>
        )}
      </div>
      {phase.name === 'paying' ? (
        <div className="modal-backdrop">
          <section className="payment-panel" aria-label={C.selectPaymentMethod}>
            <h2>{C.selectPaymentMethod}</h2>
            <div id={EMBED_ID} className="payment-embed" data-testid="payment-embed" />
          </section>
        </div>
      ) : null}
      {/* An abandoned order form goes home like the selection screen does (after 'Still there?'); never while paying. */}
      <IdleGuard onIdle={() => void navigate(base)} enabled={phase.name === 'form' && !busy} />
    </main>
  );
}

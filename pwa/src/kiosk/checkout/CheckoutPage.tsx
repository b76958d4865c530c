// Checkout (spec sections 2, 4, 5): order summary priced by the shared quote(), promo, e-mail,
// Pay Now, then the payment form, the waiting screen or 'Purchase Completed!'. The flow itself is
// checkout-machine.ts (no React); this page wires it to the browser and renders its state.
import { useEffect, useMemo, useRef, useState, useSyncExternalStore } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Navigate, useNavigate } from 'react-router';
import {
  COUNTDOWN_SECONDS,
  formatPhone,
  isDeliverableEmail,
  normalizePhone,
  PHONE_QR_COUNTDOWN_SECONDS,
  MESSAGES,
  quote,
} from '@courtreplay/shared';
import { useKioskLanguage, useMessages, useTranslate } from '../../i18n/language.ts';
import { Logo } from '../Logo.tsx';
import { selectedClips, useClipState } from '../clip-store.ts';
import { IdleGuard } from '../StillThereDialog.tsx';
import { formatRupiah } from '../format.ts';
import { useHoldSale } from '../device-trust.tsx';
import { useKioskBase } from '../kiosk-base.ts';
import { deviceStatusQuery, pricingOf, productQuery, useKioskConfig } from '../queries.ts';
import { usePricesChanged } from './prices-changed.ts';
import { CompletedPanel, ConnectionLostPanel, WaitingPanel } from './CompletedPanel.tsx';
import { suggestEmail } from './email-suggestion.ts';
import { PaymentNeedsConnection, useOnline } from '../../offline/index.ts';
import { PromoBox, type PromoBoxHandle } from './PromoBox.tsx';
import { WhatsappField } from './WhatsappField.tsx';
import { checkoutScreenShown, EMBED_ID, kioskCheckout } from './kiosk-checkout.ts';
import { checkoutSession, useCheckoutSession } from './session.ts';
import { videoCourtsOf } from '../grid-filter.ts';
import './CheckoutPage.css';

/** The kiosk's check (spec section 5: must contain '@'), as strict as the server's so it never refuses what passed here. */
const RESULT_SECONDS = Math.max(COUNTDOWN_SECONDS, PHONE_QR_COUNTDOWN_SECONDS);

export function CheckoutPage() {
  const { base, staging } = useKioskBase();
  const navigate = useNavigate();
  const clipState = useClipState();
  const config = useKioskConfig();
  const device = useQuery(deviceStatusQuery());
  // The player's contact and promo outlive this screen (Back, Close, a failure) until the purchase
  // completes or the kiosk resets for the next player.
  const { email, phone, phoneConsent, promo } = useCheckoutSession().draft;
  const setDraft = checkoutSession.setDraft;
  const setPromo = (next: typeof promo) => setDraft({ promo: next });
  const [emailError, setEmailError] = useState<string | null>(null);
  // A WhatsApp number beside (or instead of) the address, offered only when the server says it sends on WhatsApp.
  const [phoneError, setPhoneError] = useState<string | null>(null);
  const suggestion = useMemo(() => suggestEmail(email), [email]);
  const promoBox = useRef<PromoBoxHandle>(null);
  const online = useOnline();
  const M = useMessages();
  const C = M.checkout;
  const tr = useTranslate();
  const { language } = useKioskLanguage();
  const product = useQuery(productQuery());
  const queryClient = useQueryClient();
  const [machine] = useState(() => kioskCheckout(queryClient, staging));
  useEffect(() => checkoutScreenShown(), []);
  const { phase, sentTo, sentToPhone, delivery } = useSyncExternalStore(machine.subscribe, () => machine.state);
  const whatsapp = product.data?.whatsapp === true;
  const e164 = whatsapp ? normalizePhone(phone) : undefined;
  // A purchase with only a number: the screens speak of WhatsApp where they would of e-mail.
  const onlyWhatsapp = !sentTo && !!sentToPhone;
  const Cshown = onlyWhatsapp
    ? { ...C, gatewaySkipped: C.gatewaySkippedWhatsapp, paymentSuccess: C.paymentSuccessWhatsapp, paymentPending: C.paymentPendingWhatsapp }
    : C;
  // Ending an earlier order, placing this one, or asking the server after a form error.
  const busy = phase.name === 'ending' || phase.name === 'submitting' || phase.name === 'checking';
  const error = phase.name === 'form' ? phase.error : null;
  // A purchase under way finishes even if the kiosk is deauthorised meanwhile.
  useHoldSale(busy || phase.name !== 'form');
  // The selection screen is left scrolled down at its Checkout bar: start this one at the top.
  useEffect(() => {
    window.scrollTo(0, 0);
  }, []);

  const clips = selectedClips(clipState);

  const pricing = pricingOf(config.data, staging);
  const q = quote({ ...pricing, count: clips.length, promo });
  const pricesChanged = usePricesChanged(config.data ? `${q.subtotal} ${q.free}` : null);
  if (phase.name === 'form' && clips.length === 0) return <Navigate to={`${base}/video-selection`} replace />;
  // The home screen resets the kiosk for the next player, this purchase included (resetCheckoutSession).
  const goHome = () => void navigate(base);

  const payNow = async () => {
    machine.clearError();
    pricesChanged.acknowledge();
    // A code typed but not applied is applied now and shown, not dropped: the player then pays
    // the total they see (or reads why the code was refused).
    const promoSettled = (await promoBox.current?.settle()) ?? true;
    const typedEmail = email.trim();
    const typedPhone = whatsapp ? phone.trim() : '';
    if (typedEmail === '' && typedPhone === '') {
      setEmailError(whatsapp ? MESSAGES.checkout.contactRequired : MESSAGES.checkout.invalidEmail);
      return;
    }
    if (typedEmail !== '' && !isDeliverableEmail(typedEmail)) {
      setEmailError(MESSAGES.checkout.invalidEmail);
      return;
    }
    if (typedPhone !== '' && !e164) {
      setPhoneError(MESSAGES.checkout.invalidPhone);
      return;
    }
    if (typedPhone !== '' && !phoneConsent) {
      setPhoneError(MESSAGES.checkout.phoneConsentRequired);
      return;
    }
    if (!promoSettled) return;
    await machine.payNow({
      clips,
      publicUrl: product.data?.publicUrl ?? window.location.origin,
      body: {
        ...(typedEmail ? { email: typedEmail } : {}),
        ...(typedPhone && e164 ? { phone: e164, phoneConsent: true } : {}),
        videoIds: clips.map((c) => c.id),
        videoTitles: clips.map((c) => c.title),
        totalAmount: q.total,
        venueId: device.data?.venueId ?? null,
        fieldId: device.data?.fieldId ?? null,
        // Each clip's court, from the subfolder it lies in.
        videoCourts: videoCourtsOf(clips, { courts: device.data?.courts ?? [], ownFieldId: device.data?.fieldId ?? null }),
        promoId: promo?.id ?? null,
        promoCode: promo?.code ?? null,
        isStaging: staging,
        language,
      },
    });
  };

  if (phase.name === 'offline') return <ConnectionLostPanel seconds={RESULT_SECONDS} onBack={() => machine.backToForm()} />;

  if (phase.name === 'pending')
    return (
      <WaitingPanel
        seconds={RESULT_SECONDS}
        onDone={goHome}
        message={Cshown.paymentPending}
        sentToPhone={sentToPhone ? formatPhone(sentToPhone) : null}
      />
    );

  if (phase.name === 'done') {
    return (
      <CompletedPanel
        message={phase.message(Cshown, tr)}
        sentTo={sentTo}
        sentToPhone={sentToPhone ? formatPhone(sentToPhone) : null}
        step={delivery}
        onDone={goHome}
        seconds={phase.phoneUrl ? RESULT_SECONDS : COUNTDOWN_SECONDS}
        phoneUrl={phase.phoneUrl}
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
          {pricesChanged.changed ? (
            <p className="alert alert-warning" role="status" data-testid="prices-changed">
              {C.pricesChanged}
            </p>
          ) : null}
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
                  setDraft({ email: e.target.value });
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
                    setDraft({ email: suggestion });
                    setEmailError(null);
                  }}
                >
                  {C.didYouMean(suggestion)}
                </button>
              ) : null}
            </div>
            {whatsapp ? (
              <WhatsappField
                phone={phone}
                consent={phoneConsent}
                error={phoneError}
                disabled={busy}
                onPhone={(value) => {
                  setDraft({ phone: value });
                  setPhoneError(null);
                  setEmailError(null);
                }}
                onConsent={(value) => {
                  setDraft({ phoneConsent: value });
                  setPhoneError(null);
                }}
              />
            ) : null}
            {/* Large, for the player to check before paying: the clips go nowhere else. */}
            {e164 ? (
              <p className="email-confirm" data-testid="phone-confirm">
                <span className="email-confirm-label">{C.sendingToWhatsapp}</span>
                <strong className="email-confirm-address">{formatPhone(e164)}</strong>
              </p>
            ) : null}
            {isDeliverableEmail(email) ? (
              <p className="email-confirm" data-testid="email-confirm">
                <span className="email-confirm-label">{C.sendingTo}</span>
                <strong className="email-confirm-address">{email.trim()}</strong>
              </p>
            ) : null}
            {/* What happened, in plain words, and Try Again: the cart, contact and promo are all still here. */}
            {error ? (
              <div className="alert alert-error" role="alert" data-testid="checkout-error">
                <p>{error(C, tr)}</p>
                <button
                  type="button"
                  className="btn btn-primary"
                  data-testid="try-again"
                  disabled={!config.data}
                  onClick={() => void payNow()}
                >
                  {M.paymentFailure.tryAgain}
                </button>
              </div>
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
              {/* Not before the configuration is known: the default price is no total to pay. */}
              <button type="button" className="btn btn-primary btn-lg" disabled={busy || !config.data} onClick={() => void payNow()}>
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

// The store's part of /c/{courtCode}, below the "Mark this moment" button (which stays the page's
// main action): "My rallies today", the pay bar, and the message offered while the venue is
// offline. Server-rendered with the state inline as JSON, so the first paint needs no request; the
// page's own small script (assets/store.js, served as /c/store.js) lists the rallies from it and
// keeps them current. Every word comes from the catalogue in the page's language.
import { KIOSK_MESSAGES, type KioskLanguage, type PhoneRalliesResponse } from '@courtreplay/shared';
import { escapeHtml as escape } from '../mail/compose.ts';

export const STORE_SCRIPT_PATH = '/c/store.js';

export const STORE_STYLE = `form.mark button{min-height:30vh}.small{color:#94a3b8;font-size:.95rem;margin:0}.store h2{font-size:1.15rem;margin:8px 0}.rallies{list-style:none;padding:0;margin:0;display:flex;flex-direction:column;gap:12px}
.rally{background:#1e293b;border-radius:14px;padding:12px}.rally label{display:flex;align-items:center;gap:12px;min-height:44px;font-weight:600}
.rally input{width:28px;height:28px;accent-color:#f59e0b}.rally .line{margin:6px 0 0;color:#cbd5e1}.rally .len{color:#94a3b8;font-weight:400}
.media{position:relative;margin-top:8px}.media video{width:100%;aspect-ratio:16/9;background:#000;border-radius:10px;display:block}
.badge{position:absolute;top:8px;left:8px;background:rgba(15,23,42,.8);color:#fbbf24;font-size:.8rem;font-weight:700;padding:2px 8px;border-radius:6px;text-transform:uppercase}
.rally a,.bar a{color:#93c5fd}.bar{position:sticky;bottom:0;background:#0b1222;border-top:1px solid #334155;padding:12px 0;display:flex;flex-direction:column;gap:8px}
.bar .total{font-size:1.2rem;font-weight:700;margin:0}.row{display:flex;gap:8px}.row input{flex:1;min-height:44px;border-radius:10px;border:1px solid #475569;background:#0f172a;color:#e2e8f0;padding:0 12px;font-size:1rem}
.btn{min-height:48px;border:0;border-radius:12px;font-size:1.05rem;font-weight:700;padding:0 16px;cursor:pointer;background:#334155;color:#fff;display:inline-flex;align-items:center;justify-content:center;text-decoration:none}
.btn.pay{background:#16a34a;width:100%}.note{background:#1e293b;border-left:4px solid #f59e0b;padding:12px;border-radius:10px;margin:0}
details{color:#cbd5e1}summary{min-height:44px;display:flex;align-items:center;cursor:pointer}.notify{display:flex;flex-direction:column;gap:8px}
.notify label{display:flex;flex-direction:column;gap:4px}.notify .consent{flex-direction:row;align-items:center;gap:8px}[hidden]{display:none!important}`;

/** The texts the script shows as it goes, in the page's language. */
function scriptTexts(language: KioskLanguage) {
  const T = KIOSK_MESSAGES[language].store;
  return {
    preview: T.preview,
    watch: T.watch,
    paying: T.paying,
    noConnection: T.noConnection,
    tryAgain: T.tryAgain,
    noRallies: T.noRallies,
    contactRequired: T.contactRequired,
  };
}

/** JSON inside a script element: `<` escaped, so no text in it can close the element. */
const inlineJson = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c');

export function renderStoreSection(language: KioskLanguage, courtCode: string, state: PhoneRalliesResponse, hasCookie: boolean): string {
  const T = KIOSK_MESSAGES[language].store;
  return `<section class="store" id="store" data-code="${escape(courtCode)}" data-lang="${language}" aria-labelledby="my-rallies">
<h2 id="my-rallies">${escape(T.myRallies)}</h2>
<p class="note" id="store-note" role="status"${state.venueOnline ? ' hidden' : ''}>${escape(T.offline)}</p>
${hasCookie ? '' : `<p class="note">${escape(T.noCookies)}</p>`}
<div class="note" id="order" hidden><p id="order-text"></p><div class="row"><a class="btn pay" id="order-pay" href="#">${escape(T.continuePay)}</a><button class="btn" type="button" id="order-cancel">${escape(T.cancelOrder)}</button></div></div>
<ol class="rallies" id="rallies" aria-live="polite"><li class="line">${escape(T.loading)}</li></ol>
<noscript><p class="note">${escape(T.needsScript)}</p></noscript>
<form class="bar" id="pay" hidden>
<p class="small">${escape(T.pick)} <span id="each">${escape(state.prices.each)}</span></p>
<p class="total"><span>${escape(T.total)}</span>: <span id="total"></span> <span id="promo-line" class="small"></span></p>
<div class="row"><input id="promo" name="promo" autocomplete="off" autocapitalize="characters" placeholder="${escape(T.promoCode)}" aria-label="${escape(T.promoCode)}"><button class="btn" type="button" id="apply">${escape(T.applyPromo)}</button></div>
<button class="btn pay" type="submit" id="pay-button"></button>
<p class="small" id="pay-message" role="alert"></p>
<p class="small">${escape(T.payHelp)}</p>
<details><summary>${escape(T.qrisTitle)}</summary><ol>${T.qrisSteps.map((step) => `<li>${escape(step)}</li>`).join('')}</ol></details>
</form>
<form class="notify note" id="notify" hidden><strong>${escape(T.notifyTitle)}</strong>
<label>${escape(T.email)}<input type="email" name="email" autocomplete="email"></label>
<label>${escape(T.whatsapp)}<input type="tel" name="phone" autocomplete="tel"></label>
<label class="consent"><input type="checkbox" name="phoneConsent"> ${escape(T.whatsappConsent)}</label>
<button class="btn" type="submit">${escape(T.notifySend)}</button><p class="small" id="notify-message" role="status"></p></form>
<script type="application/json" id="store-state">${inlineJson(state)}</script>
<script type="application/json" id="store-texts">${inlineJson(scriptTexts(language))}</script>
</section><script src="${STORE_SCRIPT_PATH}" defer></script>`;
}

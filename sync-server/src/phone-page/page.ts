// The phone page's HTML: server-rendered, no framework, inline CSS and a small script that only
// enhances (the share sheet, a clip shared as a file, filling in clips still on their way, the
// optional contact of a phone purchase). With JavaScript off it is a list of players and download links.
import { formatDate, formatDateTime24, KIOSK_MESSAGES, type KioskLanguage } from '@courtreplay/shared';
import { readFileSync } from 'node:fs';
import { escapeHtml as escape } from '../mail/compose.ts';
import { serverFile } from '../paths.ts';
import type { PhonePurchase } from './service.ts';

const STYLE = `*{box-sizing:border-box}body{margin:0;font:16px/1.45 system-ui,-apple-system,'Segoe UI',Roboto,sans-serif;background:#0f172a;color:#e2e8f0}
main{max-width:640px;margin:0 auto;padding:16px}h1{font-size:1.5rem;margin:8px 0 2px}.meta{color:#94a3b8;margin:0 0 16px}
.note{background:#1e293b;border-left:4px solid #f59e0b;padding:12px;border-radius:8px;margin:12px 0}.gone{border-color:#ef4444}
ol{list-style:none;padding:0;margin:0}li{background:#1e293b;border-radius:12px;padding:10px;margin:0 0 14px}
video{width:100%;border-radius:8px;background:#000;aspect-ratio:16/9}.title{margin:8px 0}
.btn{display:flex;align-items:center;justify-content:center;min-height:48px;padding:0 18px;border-radius:10px;font-weight:600;
text-decoration:none;color:#fff;background:#2563eb;border:0;font-size:1rem;cursor:pointer;width:100%;margin:6px 0}
.btn.alt{background:#334155}.btn.wa{background:#15803d}.row{display:flex;gap:8px}.row .btn{flex:1}.small{color:#94a3b8;font-size:.9rem}
.field{display:flex;flex-direction:column;gap:4px;margin:8px 0}.field input{min-height:44px;border-radius:8px;border:1px solid #475569;background:#0f172a;color:#e2e8f0;padding:0 10px;font-size:1rem}
.consent{display:flex;gap:8px;align-items:center;margin:8px 0}`;

/** The page's one script (assets/phone.js; the CSP allows no inline script). */
export const PHONE_SCRIPT = readFileSync(serverFile('src/phone-page/assets/phone.js'), 'utf8');

export const PHONE_SCRIPT_PATH = '/p/phone.js';

function clipItem(base: string, clip: { n: number; title: string }, T: { download: string; share: string }) {
  const url = `${base}/clip/${clip.n}`;
  return `<li data-n="${clip.n}"><video controls playsinline preload="metadata" src="${url}#t=0.1"></video><p class="title">${escape(clip.title)}</p><div class="row"><a class="btn alt" href="${url}?download=1" download>${escape(T.download)}</a><button class="btn alt share-clip" type="button" hidden data-name="${escape(clip.title)}.mp4">${escape(T.share)}</button></div></li>`;
}

/** A phone purchase: back to its store, and the optional contact for a copy and a receipt. */
function storePart(purchase: PhonePurchase, language: KioskLanguage, serving: boolean): string {
  if (!purchase.store) return '';
  const S = KIOSK_MESSAGES[language].store;
  const back = purchase.store.url ? `<p><a class="btn alt" href="${escape(purchase.store.url)}">${escape(S.backToStore)}</a></p>` : '';
  if (!serving || purchase.store.hasContact) return back;
  return `<form class="note" id="contact" data-failed="${escape(S.tryAgain)}"><p class="title"><strong>${escape(S.copyTitle)}</strong></p>
<label class="field">${escape(S.email)}<input type="email" name="email" autocomplete="email"></label>
<label class="field">${escape(S.whatsapp)}<input type="tel" name="phone" autocomplete="tel"></label>
<label class="consent"><input type="checkbox" name="phoneConsent"> ${escape(S.whatsappConsent)}</label>
<button class="btn" type="submit">${escape(S.copySend)}</button><p class="small" id="contact-message" role="status"></p></form>${back}`;
}

export function renderPhonePage(purchase: PhonePurchase, pageUrl: string, retentionDays: number): string {
  const T = KIOSK_MESSAGES[purchase.language].phone;
  const base = new URL(pageUrl).pathname;
  const place = purchase.courtName ? T.courtAt(purchase.courtName, purchase.venueName) : purchase.venueName;
  const notes: Record<string, string> = {
    waiting: `<p class="note" role="status">${escape(T.waitingForPayment)}</p>`,
    not_paid: `<p class="note gone">${escape(T.notPaid)}</p>`,
    removed: `<p class="note gone">${escape(T.removed(formatDate(purchase.removedAt ?? purchase.keptUntil)))}</p>`,
    erased: `<p class="note gone">${escape(T.erased)}</p>`,
    uploading: `<p class="note" role="status" id="progress">${escape(purchase.store?.waiting.length ? purchase.store.waiting.join(' ') : T.uploading(purchase.clips.length, purchase.expected))}</p>`,
  };
  const serving = purchase.status === 'ready' || purchase.status === 'uploading';
  const share = `https://wa.me/?text=${encodeURIComponent(`${T.shareText}: ${pageUrl}`)}`;
  return `<!doctype html><html lang="${purchase.language}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<meta name="robots" content="noindex"><title>${escape(T.title)}</title><style>${STYLE}</style></head><body><main>
<h1>${escape(T.title)}</h1><p class="meta">${escape(place)} · ${escape(formatDateTime24(purchase.createdAt))}</p>
${notes[purchase.status] ?? ''}
<ol id="clips" data-status="${purchase.status}">${serving ? purchase.clips.map((c) => clipItem(base, c, T)).join('') : ''}</ol>
<template id="clip-template">${clipItem(base, { n: 0, title: '' }, T)}</template>
${
  serving
    ? `<a class="btn" href="${base}/all.zip" download>${escape(T.downloadAll)}</a>
<div class="row"><a class="btn wa" href="${share}" rel="noopener">${escape(T.shareWhatsApp)}</a><button class="btn alt" id="share" type="button" hidden data-text="${escape(T.shareText)}">${escape(T.share)}</button></div>
<p class="small">${escape(T.keptUntil(retentionDays, formatDate(purchase.keptUntil)))}</p>`
    : ''
}
${storePart(purchase, purchase.language, serving)}
</main><script src="${PHONE_SCRIPT_PATH}" defer></script></body></html>`;
}

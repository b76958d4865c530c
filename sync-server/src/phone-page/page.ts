// The phone page's HTML: server-rendered, no framework, inline CSS and a script of a few hundred bytes
// that only enhances (the share sheet, and filling in clips still uploading). With JavaScript off it
// is a list of players and download links.
import { formatDate, formatDateTime24, KIOSK_MESSAGES } from '@courtreplay/shared';
import type { PhonePurchase } from './service.ts';

const escape = (text: string) =>
  text.replace(/[&<>"']/g, (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch]!);

const STYLE = `*{box-sizing:border-box}body{margin:0;font:16px/1.45 system-ui,-apple-system,'Segoe UI',Roboto,sans-serif;background:#0f172a;color:#e2e8f0}
main{max-width:640px;margin:0 auto;padding:16px}h1{font-size:1.5rem;margin:8px 0 2px}.meta{color:#94a3b8;margin:0 0 16px}
.note{background:#1e293b;border-left:4px solid #f59e0b;padding:12px;border-radius:8px;margin:12px 0}.gone{border-color:#ef4444}
ol{list-style:none;padding:0;margin:0}li{background:#1e293b;border-radius:12px;padding:10px;margin:0 0 14px}
video{width:100%;border-radius:8px;background:#000;aspect-ratio:16/9}.title{margin:8px 0}
.btn{display:flex;align-items:center;justify-content:center;min-height:48px;padding:0 18px;border-radius:10px;font-weight:600;
text-decoration:none;color:#fff;background:#2563eb;border:0;font-size:1rem;cursor:pointer;width:100%;margin:6px 0}
.btn.alt{background:#334155}.btn.wa{background:#15803d}.row{display:flex;gap:8px}.row .btn{flex:1}.small{color:#94a3b8;font-size:.9rem}`;

/**
 * Polls the state while clips are still uploading and adds each as it arrives, in its place by its
 * number (the clip the player chose n-th, whatever order the uploads finish in); offers the share sheet.
 * Served as /p/phone.js (the CSP allows no inline script).
 */
export const PHONE_SCRIPT = `(function(){var d=document,s=d.getElementById('share');if(s&&navigator.share){s.hidden=false;s.onclick=function(){navigator.share({title:d.title,text:s.dataset.text,url:location.href}).catch(function(){})}}
var l=d.getElementById('clips');if(!l||l.dataset.status!=='uploading'&&l.dataset.status!=='waiting')return;
function tick(){fetch(location.pathname+'/state',{cache:'no-store'}).then(function(r){return r.json()}).then(function(st){
if(l.dataset.status==='waiting'&&st.status!=='waiting'){location.reload();return}
st.clips.forEach(function(c){if(l.querySelector('[data-n="'+c.n+'"]'))return;var t=d.getElementById('clip-template').content.cloneNode(true),i=t.querySelector('li');
i.dataset.n=c.n;t.querySelector('video').src=c.url+'#t=0.1';t.querySelector('.title').textContent=c.title;t.querySelector('a').href=c.url+'?download=1';
var a=[].find.call(l.children,function(e){return +e.dataset.n>c.n});l.insertBefore(t,a||null)});
var n=d.getElementById('progress');if(st.status==='uploading'||st.status==='waiting'){if(n&&st.progress)n.textContent=st.progress;setTimeout(tick,4000)}else{l.dataset.status=st.status;if(n)n.hidden=true}
}).catch(function(){setTimeout(tick,8000)})}
setTimeout(tick,4000)})();`;

export const PHONE_SCRIPT_PATH = '/p/phone.js';

function clipItem(base: string, clip: { n: number; title: string }, download: string) {
  const url = `${base}/clip/${clip.n}`;
  return `<li data-n="${clip.n}"><video controls playsinline preload="metadata" src="${url}#t=0.1"></video><p class="title">${escape(clip.title)}</p><a class="btn alt" href="${url}?download=1" download>${escape(download)}</a></li>`;
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
    uploading: `<p class="note" role="status" id="progress">${escape(T.uploading(purchase.clips.length, purchase.expected))}</p>`,
  };
  const serving = purchase.status === 'ready' || purchase.status === 'uploading';
  const share = `https://wa.me/?text=${encodeURIComponent(`${T.shareText}: ${pageUrl}`)}`;
  return `<!doctype html><html lang="${purchase.language}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<meta name="robots" content="noindex"><title>${escape(T.title)}</title><style>${STYLE}</style></head><body><main>
<h1>${escape(T.title)}</h1><p class="meta">${escape(place)} · ${escape(formatDateTime24(purchase.createdAt))}</p>
${notes[purchase.status] ?? ''}
<ol id="clips" data-status="${purchase.status}">${serving ? purchase.clips.map((c) => clipItem(base, c, T.download)).join('') : ''}</ol>
<template id="clip-template">${clipItem(base, { n: 0, title: '' }, T.download)}</template>
${
  serving
    ? `<a class="btn" href="${base}/all.zip" download>${escape(T.downloadAll)}</a>
<div class="row"><a class="btn wa" href="${share}" rel="noopener">${escape(T.shareWhatsApp)}</a><button class="btn alt" id="share" type="button" hidden data-text="${escape(T.shareText)}">${escape(T.share)}</button></div>
<p class="small">${escape(T.keptUntil(retentionDays, formatDate(purchase.keptUntil)))}</p>`
    : ''
}
</main><script src="${PHONE_SCRIPT_PATH}" defer></script></body></html>`;
}

// The court's page /c/{courtCode} on a player's phone: server-rendered, inline CSS, no script. One
// large button posts the mark; the answer is the same page with what was marked.
import { KIOSK_LANGUAGES, KIOSK_MESSAGES, type KioskLanguage } from '@courtreplay/shared';

const escape = (text: string) =>
  text.replace(/[&<>"']/g, (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch]!);

const STYLE = `*{box-sizing:border-box}body{margin:0;font:17px/1.45 system-ui,-apple-system,'Segoe UI',Roboto,sans-serif;background:#0f172a;color:#e2e8f0}
main{max-width:480px;margin:0 auto;padding:20px;display:flex;flex-direction:column;gap:16px;min-height:100vh}
h1{font-size:1.4rem;margin:8px 0 0}.place{color:#94a3b8;margin:0}
form.mark button{width:100%;min-height:40vh;border:0;border-radius:24px;background:#f59e0b;color:#111827;font-size:1.8rem;font-weight:800;cursor:pointer}
.answer{background:#1e293b;border-left:4px solid #22c55e;padding:14px;border-radius:10px;font-size:1.1rem;margin:0}
.refused{border-color:#ef4444}.small{color:#94a3b8;font-size:.95rem;margin:0}a{color:#93c5fd}`;

export interface MarkPageInput {
  language: KioskLanguage;
  courtCode: string;
  courtName: string;
  venueName: string;
  /** What the last tap did: the confirmation, or the refusal. */
  answer?: { text: string; refused?: boolean };
  /** At a venue with a recorder: the phone's store below the button (phone-store/page.ts), and its style. */
  store?: { html: string; style: string };
}

export const markLanguageOf = (wanted: string | undefined, venueLanguage: KioskLanguage): KioskLanguage =>
  KIOSK_LANGUAGES.find((l) => l === wanted) ?? venueLanguage;

export function renderMarkPage({ language, courtCode, courtName, venueName, answer, store }: MarkPageInput): string {
  const T = KIOSK_MESSAGES[language].mark;
  const explain = store ? KIOSK_MESSAGES[language].store.explain : T.explain;
  const other = language === 'en' ? 'id' : 'en';
  const base = `/c/${encodeURIComponent(courtCode)}`;
  const said = answer
    ? `<p class="answer${answer.refused ? ' refused' : ''}" role="status" data-testid="mark-answer">${escape(answer.text)}</p>`
    : '';
  return `<!doctype html><html lang="${language}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<meta name="robots" content="noindex"><title>${escape(T.button)}</title><style>${STYLE}${store?.style ?? ''}</style></head><body><main>
<h1>${escape(courtName)}</h1><p class="place">${escape(venueName)}</p>
${said}
<form class="mark" method="post" action="${base}/mark"><input type="hidden" name="lang" value="${language}"><button type="submit">${escape(T.button)}</button></form>
<p class="small">${escape(explain)}</p>
${store?.html ?? ''}
<p class="small"><a href="${base}?lang=${other}" lang="${other}">${escape(T.otherLanguage)}</a></p>
</main></body></html>`;
}

export function renderUnknownCourtPage(): string {
  const en = KIOSK_MESSAGES.en.mark;
  const id = KIOSK_MESSAGES.id.mark;
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><meta name="robots" content="noindex"><title>${escape(en.button)}</title></head><body style="font:16px system-ui;padding:16px"><p>${escape(en.notFound)}</p><p lang="id">${escape(id.notFound)}</p></body></html>`;
}

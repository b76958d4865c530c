// The purchase e-mail (spec section 3), as HTML and plain text, in the purchase's
// language: the CMS_EMAIL_COPY texts (defaults in shared) around a main button to the phone page,
// the storage folder link (smaller), a receipt and how long the clips are kept. The CMS tab's
// preview is made by this same function (cms/email-preview.ts), so it shows what is sent.
// Stored copy is admin-written: every piece is escaped before it meets the HTML.
import {
  DEFAULT_EMAIL_COPY,
  DEFAULT_EMAIL_COPY_ID,
  EMAIL_COPY_FIELDS,
  formatDateTime24,
  formatRupiah,
  KIOSK_MESSAGES,
  parseEmailCopy,
  renderEmailCopy,
  VENUE_TIME_ZONE,
  type EmailCopy,
  type KioskLanguage,
} from '@courtreplay/shared';
import type { MailMessage } from '../adapters/ports.ts';

/** What the receipt lists. */
export interface MailReceipt {
  id: string;
  venueName: string;
  courtName: string | null;
  /** When it was paid (or made, for a free purchase): shown in Asia/Jakarta. */
  at: string;
  clipTitles: string[];
  /** Each clip's own download on the phone page, in the same order as clipTitles (the order the player chose). */
  clipUrls?: string[];
  subtotal: number;
  discount: number;
  totalAmount: number;
  promoCode: string | null;
}

export interface PurchaseMailInput {
  to: string;
  productName: string;
  language: KioskLanguage;
  receipt: MailReceipt;
  /** The phone page (PUBLIC_URL/p/{token}): the main button. */
  phoneUrl: string;
  /** The storage folder's share link: kept, smaller. */
  folderUrl: string | null;
  retentionDays: number;
  /** When the retention job removes the clips. */
  keptUntil: Date;
  /** The stored CMS_EMAIL_COPY value (null when missing; invalid JSON falls back to the defaults). */
  storedCopy: string | null | undefined;
}

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch]!);
}

const safeHref = (link: string) => (/^https?:\/\//i.test(link) ? link : '#');

/**
 * The copy in the mail's language: an Indonesian mail takes the Indonesian default for each field
 * the admin left at its English default; what an admin wrote is sent as written.
 */
function copyFor(storedCopy: string | null | undefined, language: KioskLanguage): EmailCopy {
  const copy = parseEmailCopy(storedCopy).copy;
  if (language === 'en') return copy;
  const localised = { ...copy };
  for (const field of EMAIL_COPY_FIELDS) if (copy[field] === DEFAULT_EMAIL_COPY[field]) localised[field] = DEFAULT_EMAIL_COPY_ID[field];
  return localised;
}

/** '9 December 2026' / '9 Desember 2026' in the venue's time zone. */
export function formatLongDate(date: Date, language: KioskLanguage): string {
  return new Intl.DateTimeFormat(language === 'id' ? 'id-ID' : 'en-GB', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: VENUE_TIME_ZONE,
  }).format(date);
}

/** The receipt as label/value rows (the clips are listed separately). */
function receiptRows(input: PurchaseMailInput): [string, string][] {
  const t = KIOSK_MESSAGES[input.language].purchaseEmail;
  const r = input.receipt;
  const rows: [string, string][] = [
    [t.purchaseId, r.id],
    [t.venue, r.venueName],
  ];
  if (r.courtName) rows.push([t.court, r.courtName]);
  rows.push([t.dateTime, `${formatDateTime24(r.at)} WIB`]);
  if (r.discount > 0 || r.promoCode) {
    rows.push([t.subtotal, formatRupiah(r.subtotal)]);
    rows.push([r.promoCode ? t.promo(r.promoCode) : t.discount, formatRupiah(-r.discount)]);
  }
  rows.push([t.amountPaid, r.totalAmount === 0 ? `${formatRupiah(0)} (${t.free})` : formatRupiah(r.totalAmount)]);
  return rows;
}

export function composePurchaseMail(input: PurchaseMailInput): MailMessage {
  const t = KIOSK_MESSAGES[input.language].purchaseEmail;
  const copy = renderEmailCopy(copyFor(input.storedCopy, input.language), input.productName, {
    button: t.watchButton,
    retentionDays: input.retentionDays,
  });
  const rows = receiptRows(input);
  const kept = t.keptUntil(input.retentionDays, formatLongDate(input.keptUntil, input.language));
  const titles = input.receipt.clipTitles;
  const urls = input.receipt.clipUrls ?? [];
  const e = escapeHtml;
  const clipHtml = (title: string, i: number) =>
    urls[i] ? `<a data-role="clip-link" href="${e(safeHref(urls[i]))}" style="color:#0b3d2e">${e(title)}</a>` : e(title);

  const text = [
    copy.EMAIL_HEADING,
    '',
    copy.EMAIL_THANK_YOU,
    '',
    // The instructions speak of the button below: in plain text its link stands there.
    copy.EMAIL_INSTRUCTIONS,
    '',
    `${t.watchButton}: ${input.phoneUrl}`,
    ...(input.folderUrl ? ['', `${t.folderLink} ${input.folderUrl}`] : []),
    '',
    kept,
    '',
    `${t.receiptTitle}`,
    ...rows.map(([label, value]) => `${label}: ${value}`),
    `${t.clips} (${titles.length}):`,
    ...titles.map((title, i) => (urls[i] ? `- ${title}: ${urls[i]}` : `- ${title}`)),
    '',
    copy.EMAIL_CLOSING,
    '',
    '--',
    copy.EMAIL_FOOTER,
  ].join('\n');

  const cell = 'padding:4px 0;font-size:14px;vertical-align:top';
  const receiptHtml = [
    ...rows.map(
      ([label, value]) =>
        `<tr><td style="${cell};color:#52606d;padding-right:16px">${e(label)}</td><td style="${cell};text-align:right">${e(value)}</td></tr>`,
    ),
    `<tr><td style="${cell};color:#52606d;padding-right:16px">${e(t.clips)}</td><td style="${cell};text-align:right">${titles.map(clipHtml).join('<br>')}</td></tr>`,
  ].join('\n');

  const html = `<!doctype html>
<html lang="${input.language}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${e(copy.EMAIL_SUBJECT)}</title></head>
<body style="margin:0;padding:0;background:#f3f5f8;font-family:Helvetica,Arial,sans-serif;color:#1f2933">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#f3f5f8;padding:24px 12px"><tr><td align="center">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:560px;background:#ffffff;border-radius:12px;overflow:hidden">
<tr><td style="background:#0b3d2e;color:#ffffff;padding:20px 28px;font-size:18px;font-weight:bold">${e(input.productName)}</td></tr>
<tr><td style="padding:28px">
<h1 style="margin:0 0 16px;font-size:24px;color:#0b3d2e">${e(copy.EMAIL_HEADING)}</h1>
<p style="margin:0 0 16px;font-size:16px;line-height:1.5">${e(copy.EMAIL_THANK_YOU)}</p>
<p style="margin:0 0 24px;font-size:15px;line-height:1.5">${e(copy.EMAIL_INSTRUCTIONS)}</p>
<p style="margin:0 0 16px;text-align:center"><a data-role="main-button" href="${e(safeHref(input.phoneUrl))}" style="display:inline-block;background:#12a150;color:#ffffff;text-decoration:none;font-weight:bold;padding:16px 32px;border-radius:8px;font-size:18px">${e(t.watchButton)}</a></p>
${input.folderUrl ? `<p style="margin:0 0 24px;font-size:13px;color:#52606d;text-align:center">${e(t.folderLink)} <a data-role="folder-link" href="${e(safeHref(input.folderUrl))}" style="color:#52606d;word-break:break-all">${e(input.folderUrl)}</a></p>` : ''}
<p style="margin:0 0 24px;font-size:14px;line-height:1.5;background:#fff8e1;border-radius:8px;padding:12px 16px">${e(kept)}</p>
<h2 style="margin:0 0 8px;font-size:16px;color:#0b3d2e">${e(t.receiptTitle)}</h2>
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="margin:0 0 24px;border-top:1px solid #e4e7eb">
${receiptHtml}
</table>
<p style="margin:0;font-size:15px;line-height:1.5">${e(copy.EMAIL_CLOSING)}</p>
</td></tr>
<tr><td style="padding:16px 28px;background:#f9fafb;font-size:12px;color:#7b8794;text-align:center">${e(copy.EMAIL_FOOTER)}</td></tr>
</table></td></tr></table>
</body></html>`;

  return { to: input.to, subject: copy.EMAIL_SUBJECT, html, text };
}

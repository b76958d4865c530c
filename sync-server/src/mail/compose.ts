// The purchase e-mail, from the CMS_EMAIL_COPY text (spec section 3; defaults in shared), as HTML
// and plain text. Stored copy is admin-written: every piece is escaped before it meets the HTML.
import { parseEmailCopy, renderEmailCopy } from '@courtreplay/shared';
import type { MailMessage } from '../adapters/ports.ts';

export interface PurchaseMailInput {
  to: string;
  productName: string;
  purchaseId: string | number;
  clipCount: number;
  link: string;
  /** The stored CMS_EMAIL_COPY value (null when missing; invalid JSON falls back to the defaults). */
  storedCopy: string | null | undefined;
}

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch]!);
}

export function composePurchaseMail(input: PurchaseMailInput): MailMessage {
  const copy = renderEmailCopy(parseEmailCopy(input.storedCopy).copy, input.productName);
  const clips = `${input.clipCount} ${input.clipCount === 1 ? 'video' : 'videos'}`;
  const safeLink = /^https?:\/\//i.test(input.link) ? input.link : '#';
  const e = escapeHtml;

  const text = [
    copy.EMAIL_HEADING,
    '',
    copy.EMAIL_THANK_YOU,
    '',
    `Purchase: #${input.purchaseId} (${clips})`,
    '',
    // The instructions speak of "the button below": in plain text the link stands where the button does.
    copy.EMAIL_INSTRUCTIONS,
    '',
    `Open your videos: ${input.link}`,
    '',
    copy.EMAIL_CLOSING,
    '',
    '--',
    copy.EMAIL_FOOTER,
  ].join('\n');

  const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${e(copy.EMAIL_SUBJECT)}</title></head>
<body style="margin:0;padding:0;background:#f3f5f8;font-family:Helvetica,Arial,sans-serif;color:#1f2933">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#f3f5f8;padding:24px 12px"><tr><td align="center">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:560px;background:#ffffff;border-radius:12px;overflow:hidden">
<tr><td style="background:#0b3d2e;color:#ffffff;padding:20px 28px;font-size:18px;font-weight:bold">${e(input.productName)}</td></tr>
<tr><td style="padding:28px">
<h1 style="margin:0 0 16px;font-size:24px;color:#0b3d2e">${e(copy.EMAIL_HEADING)}</h1>
<p style="margin:0 0 16px;font-size:16px;line-height:1.5">${e(copy.EMAIL_THANK_YOU)}</p>
<p style="margin:0 0 24px;font-size:14px;color:#52606d">Purchase #${e(String(input.purchaseId))} &middot; ${e(clips)}</p>
<p style="margin:0 0 24px;text-align:center"><a href="${e(safeLink)}" style="display:inline-block;background:#12a150;color:#ffffff;text-decoration:none;font-weight:bold;padding:14px 28px;border-radius:8px;font-size:16px">Open your videos</a></p>
<p style="margin:0 0 16px;font-size:13px;color:#52606d;word-break:break-all">${e(input.link)}</p>
<p style="margin:0 0 16px;font-size:15px;line-height:1.5">${e(copy.EMAIL_INSTRUCTIONS)}</p>
<p style="margin:0;font-size:15px;line-height:1.5">${e(copy.EMAIL_CLOSING)}</p>
</td></tr>
<tr><td style="padding:16px 28px;background:#f9fafb;font-size:12px;color:#7b8794;text-align:center">${e(copy.EMAIL_FOOTER)}</td></tr>
</table></td></tr></table>
</body></html>`;

  return { to: input.to, subject: copy.EMAIL_SUBJECT, html, text };
}

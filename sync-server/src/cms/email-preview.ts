// The CMS tab's e-mail preview: the copy being edited, composed for a sample
// purchase by composePurchaseMail, the function every real e-mail goes through, so what the admin
// sees is what players receive.
import type { EmailPreviewResponse, KioskLanguage } from '@courtreplay/shared';
import { composePurchaseMail, type MailReceipt } from '../mail/compose.ts';
import { clipsKeptUntil } from '../purchases/retention.ts';

export const SAMPLE_RECEIPT: Omit<MailReceipt, 'at'> = {
  id: 'CR-20261122-SAMPLE1',
  venueName: 'Your Venue',
  courtName: 'Court 1',
  clipTitles: ['Rally 1', 'Match point'],
  subtotal: 20_000,
  discount: 5_000,
  totalAmount: 15_000,
  promoCode: 'WELCOME',
};

export interface EmailPreviewInput {
  copy: Partial<Record<string, string>>;
  language: KioskLanguage;
  productName: string;
  publicUrl: string;
  retentionDays: number;
  now: Date;
}

export function emailPreview(input: EmailPreviewInput): EmailPreviewResponse {
  const { subject, html, text } = composePurchaseMail({
    to: 'player@example.com',
    productName: input.productName,
    language: input.language,
    receipt: {
      ...SAMPLE_RECEIPT,
      at: input.now.toISOString(),
      // Each title links to its own clip, as in a real e-mail.
      clipUrls: SAMPLE_RECEIPT.clipTitles.map((_, i) => `${input.publicUrl}/p/sample/clip/${i + 1}?download=1`),
    },
    phoneUrl: `${input.publicUrl}/p/sample`,
    folderUrl: `${input.publicUrl}/d/sample`,
    retentionDays: input.retentionDays,
    keptUntil: clipsKeptUntil(input.now, input.retentionDays),
    storedCopy: JSON.stringify(input.copy),
  });
  return { subject, html, text };
}

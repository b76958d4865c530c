// A purchase's history for the back-office's detail drawer: what the purchase
// row itself says (made, paid or free, failed, expired, reversed) merged with what was recorded
// after the sale (purchase_events: each clip the kiosk reported uploaded, e-mails and WhatsApp
// messages sent or failed with the reason, WhatsApp's delivery statuses, resends, corrections, clips
// expired, erased), oldest first.
import {
  PAYMENT_STATUSES,
  REVERSAL_KINDS,
  WHATSAPP_MESSAGE_STATUSES,
  type PurchaseTimelineResponse,
  type TimelineEntry,
} from '@courtreplay/shared';
import type { SessionAdmin } from '../auth/venue-access.ts';
import type { PurchaseDeps } from './create-purchase.ts';
import { purchaseFor } from './manage-purchase.ts';
import { phoneUrlOf } from './phone-token.ts';
import { purchaseEventRows, toApiPurchase, type PurchaseWithNames, type Tx } from './queries.ts';

/** The entries the purchase row gives: its sale and how the payment ended. */
function fromPurchase(p: PurchaseWithNames): TimelineEntry[] {
  const entries: TimelineEntry[] = [
    { at: p.createdAt, kind: 'created', by: null, amount: p.totalAmount, ...(p.channel === 'phone' ? { onPhone: true } : {}) },
  ];
  if (p.paymentStatus === 'free') entries.push({ at: p.createdAt, kind: 'free', by: null });
  if (p.paymentStatus === 'paid') entries.push({ at: p.paidAt ?? p.updatedAt, kind: 'paid', by: null, amount: p.totalAmount });
  // A failed or expired purchase's last update is when that happened (a late settlement makes it paid).
  if (p.paymentStatus === 'failed') entries.push({ at: p.updatedAt, kind: 'payment_failed', by: null });
  if (p.paymentStatus === 'expired') entries.push({ at: p.updatedAt, kind: 'payment_expired', by: null });
  return entries;
}

/** A reversal recorded before its particulars were (no payment_reversed event): the row's flag alone. */
function reversalFromRow(p: PurchaseWithNames, events: TimelineEntry[]): TimelineEntry[] {
  if (!p.paymentReversedAt || events.some((e) => e.kind === 'payment_reversed')) return [];
  return [{ at: p.paymentReversedAt, kind: 'payment_reversed', by: null }];
}

const text = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined);
const count = (value: unknown): number | undefined => (typeof value === 'number' ? value : undefined);
const oneOf = <T extends string>(values: readonly T[], value: unknown): T | undefined => values.find((v) => v === value);

/** The recorded events, with the admin's address for those an admin did. */
async function fromEvents(db: Tx, purchaseId: string): Promise<TimelineEntry[]> {
  return (await purchaseEventRows(db, purchaseId)).map((row) => {
    const detail = row.detail ? (JSON.parse(row.detail) as Record<string, unknown>) : {};
    const entry: TimelineEntry = {
      at: row.at,
      kind: row.kind,
      by: row.adminId === null ? null : (row.adminEmail ?? `admin #${row.adminId}`),
    };
    const fields = {
      to: text(detail.to),
      from: text(detail.from),
      reason: text(detail.reason),
      clip: count(detail.clip),
      clips: count(detail.clips),
      filesRemoved: count(detail.filesRemoved),
      amount: count(detail.amount),
      reversal: oneOf(REVERSAL_KINDS, detail.reversal),
      previous: oneOf(PAYMENT_STATUSES, detail.previous),
      afterWindow: typeof detail.afterWindow === 'boolean' ? detail.afterWindow : undefined,
      status: oneOf(WHATSAPP_MESSAGE_STATUSES, detail.status),
      code: count(detail.code),
      unconfirmed: text(detail.unconfirmed),
      channel: oneOf(['email', 'whatsapp'] as const, detail.channel),
    };
    for (const [key, value] of Object.entries(fields)) if (value !== undefined) Object.assign(entry, { [key]: value });
    return entry;
  });
}

export async function purchaseTimeline(deps: PurchaseDeps, id: string, admin: SessionAdmin): Promise<PurchaseTimelineResponse> {
  const purchase = await purchaseFor(deps, id, { admin });
  const recorded = await fromEvents(deps.db, id);
  const events = [...fromPurchase(purchase), ...reversalFromRow(purchase, recorded), ...recorded];
  // A stable sort: entries at the same instant keep the order they happened in (sale before payment).
  events.sort((a, b) => (a.at < b.at ? -1 : a.at > b.at ? 1 : 0));
  const clipsGone = purchase.erasedAt !== null || purchase.clipsExpiredAt !== null;
  return {
    transaction: toApiPurchase(purchase),
    phoneUrl: purchase.phoneToken && !clipsGone ? phoneUrlOf(deps.config.publicUrl, purchase.phoneToken) : null,
    folderUrl: clipsGone ? null : (purchase.folderUrl ?? purchase.zipUrl),
    events,
  };
}

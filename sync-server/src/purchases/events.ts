// A purchase's history after the sale (purchase_events, migration 017): e-mail sent or failed,
// resent, corrected by an admin, clips expired, erased on request. Append-only; read oldest first
// by the purchase detail's timeline.
import { randomUUID } from 'node:crypto';
import type { Db } from '../db/database.ts';
import type { PurchaseEventKind } from '../db/schema/index.ts';
import { eventsWithDetail, insertPurchaseEvent, purchaseEventRows, setEventDetail } from './queries.ts';

export type { PurchaseEventKind } from '../db/schema/index.ts';

export interface NewPurchaseEvent {
  purchaseId: string;
  kind: PurchaseEventKind;
  at: Date;
  /** The admin who did it; omitted for the server's own doing. */
  adminId?: number | null;
  /** The kind's particulars: { reason } for email_failed, { from, to } for email_corrected, { to } for email_sent. */
  detail?: Record<string, unknown> | null;
}

export interface PurchaseEvent {
  id: string;
  purchaseId: string;
  at: string;
  kind: PurchaseEventKind;
  adminId: number | null;
  detail: Record<string, unknown> | null;
}

export async function recordPurchaseEvent(db: Db, event: NewPurchaseEvent): Promise<void> {
  await insertPurchaseEvent(db, {
    id: randomUUID(),
    purchaseId: event.purchaseId,
    at: event.at.toISOString(),
    kind: event.kind,
    adminId: event.adminId ?? null,
    detail: event.detail ? JSON.stringify(event.detail) : null,
  });
}

/** The purchase's events, oldest first (ties in insertion order). */
export async function listPurchaseEvents(db: Db, purchaseId: string): Promise<PurchaseEvent[]> {
  const rows = await purchaseEventRows(db, purchaseId);
  return rows.map(({ adminEmail: _adminEmail, ...r }) => ({
    ...r,
    detail: r.detail ? (JSON.parse(r.detail) as Record<string, unknown>) : null,
  }));
}

/**
 * Erase on request (PDP law): the history keeps what happened and when, not the player's
 * addresses (an e-mail's `to`, a correction's `from` and `to`).
 */
export async function forgetAddresses(db: Db, purchaseId: string): Promise<void> {
  for (const row of await eventsWithDetail(db, purchaseId)) {
    const { to, from, ...rest } = JSON.parse(row.detail!) as Record<string, unknown>;
    if (to === undefined && from === undefined) continue;
    const detail = Object.keys(rest).length > 0 ? JSON.stringify(rest) : null;
    await setEventDetail(db, row.id, detail);
  }
}

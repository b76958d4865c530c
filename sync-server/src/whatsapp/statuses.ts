// Meta's message statuses, matched to the purchases they are about. A status is recorded once in the
// purchase's timeline at Meta's time (whole seconds), or at the time it was received when Meta's is
// more than a day off (logged). A failed status of the purchase's current message marks its WhatsApp
// failed with Meta's reason (and raises the credential alert a configuration or payment problem
// deserves); one of an earlier message (before a resend) stays in the timeline and in Errors. A status
// naming a message id not recorded yet (it came before the send's answer was stored) is kept in
// whatsapp_pending_statuses and applied once the answer is stored, or on the next status. A sent,
// delivered or read status confirms a message that was handed over without an answer; one for an
// unknown id is taken as that message's when it names the number of exactly one purchase waiting so.
import { WHATSAPP_MESSAGE_STATUSES, whatsappStatusSchema, type WhatsappStatusNotification } from '@courtreplay/shared';
import { randomUUID } from 'node:crypto';
import type { Logger } from 'pino';
import type { Clock } from '../adapters/ports.ts';
import { reportFailure } from '../adapters/whatsapp-cloud.ts';
import { kindOfCode, plainReason, WhatsappError } from '../adapters/whatsapp-error.ts';
import type { Db } from '../db/database.ts';
import {
  deletePendingStatus,
  deletePendingStatusesUpTo,
  insertPendingStatus,
  pendingStatuses,
  purchaseOfMessage,
  setWhatsappMessageId,
  unconfirmedSendsTo,
} from '../delivery/service.ts';
import type { IntegrationHealth } from '../integrations/health.ts';
import { listPurchaseEvents, recordPurchaseEvent } from '../purchases/events.ts';
import { findContact, findWhatsappState, recordWhatsappOutcome } from '../purchases/service.ts';

export interface StatusDeps {
  db: Db;
  clock: Clock;
  logger: Logger;
  health?: IntegrationHealth | undefined;
}

const DAY_MS = 24 * 3_600_000;

/** Meta's time of the status; the time it was received when Meta's is missing or more than a day off. */
export function statusTime(deps: StatusDeps, status: WhatsappStatusNotification, receivedAt: Date): Date {
  const seconds = Number(status.timestamp);
  const at = Number.isFinite(seconds) && seconds > 0 ? seconds * 1000 : NaN;
  if (Number.isFinite(at) && Math.abs(at - receivedAt.getTime()) <= DAY_MS) return new Date(at);
  deps.logger.warn(
    { messageId: status.id, status: status.status, timestamp: status.timestamp, receivedAt: receivedAt.toISOString() },
    'WhatsApp status with a timestamp more than a day off (or none): stored with the time it was received',
  );
  return receivedAt;
}

/** Records one status of a webhook, then whatever kept statuses it lets match. */
export async function recordStatus(deps: StatusDeps, status: WhatsappStatusNotification): Promise<void> {
  const receivedAt = deps.clock.now();
  // Kept statuses are older: they go first, so the timeline keeps Meta's order.
  await applyPendingStatuses(deps);
  if (!(await matchOrKeep(deps, status, receivedAt))) await keepStatus(deps, status, receivedAt);
  // A status taken for an unanswered message makes that message's kept statuses known too.
  else await applyPendingStatuses(deps, status.id);
}

async function matchOrKeep(deps: StatusDeps, status: WhatsappStatusNotification, receivedAt: Date): Promise<boolean> {
  const kind = WHATSAPP_MESSAGE_STATUSES.find((s) => s === status.status);
  if (!kind) return true;
  const match = (await purchaseOfMessage(deps.db, status.id)) ?? (await adoptUnconfirmed(deps, status, receivedAt));
  if (!match) return false;
  await apply(deps, match, status, kind, receivedAt);
  return true;
}

/** A status for an unknown id may be the message whose send had no answer: taken as it when the number leaves no doubt. */
async function adoptUnconfirmed(deps: StatusDeps, status: WhatsappStatusNotification, receivedAt: Date) {
  const recipient = typeof status.recipient_id === 'string' && /^\d{6,15}$/.test(status.recipient_id) ? status.recipient_id : undefined;
  if (!recipient) return undefined;
  const since = new Date(receivedAt.getTime() - DAY_MS).toISOString();
  const waiting = await unconfirmedSendsTo(deps.db, `+${recipient}`, since);
  if (waiting.length !== 1) return undefined;
  await setWhatsappMessageId(deps.db, waiting[0]!, status.id, receivedAt);
  return { purchaseId: waiting[0]!, current: true };
}

async function apply(
  deps: StatusDeps,
  match: { purchaseId: string; current: boolean },
  status: WhatsappStatusNotification,
  kind: (typeof WHATSAPP_MESSAGE_STATUSES)[number],
  receivedAt: Date,
): Promise<void> {
  const { db } = deps;
  const { purchaseId } = match;
  const recorded = await listPurchaseEvents(db, purchaseId);
  if (recorded.some((e) => e.detail?.messageId === status.id && e.detail?.status === kind)) return;
  const at = statusTime(deps, status, receivedAt);
  const state = await findWhatsappState(db, purchaseId);
  // The message was handed over without an answer: this status settles the doubt (Errors reads it).
  const confirms =
    match.current && state?.whatsappStatus === 'unconfirmed'
      ? { confirms: state.whatsappSentAt, receivedAt: receivedAt.toISOString() }
      : {};
  if (kind !== 'failed') {
    if (match.current && state?.whatsappStatus === 'unconfirmed') await recordWhatsappOutcome(db, purchaseId, { status: 'sent', at });
    await recordPurchaseEvent(db, { purchaseId, kind: 'whatsapp_status', at, detail: { status: kind, messageId: status.id, ...confirms } });
    return;
  }
  const error = status.errors?.[0];
  const reason = error ? plainReason(error.code, error.title) : 'WhatsApp reported the message as failed';
  if (error) {
    const failure = new WhatsappError(kindOfCode(error.code), reason, error.code);
    if (failure.kind !== 'permanent') reportFailure(deps.health, failure);
  }
  const purchase = await findContact(db, purchaseId);
  // Only the purchase's latest message says how its WhatsApp stands; an earlier one's failure stays in its history.
  if (match.current) await recordWhatsappOutcome(db, purchaseId, { status: 'failed', error: reason, at: deps.clock.now() });
  await recordPurchaseEvent(db, {
    purchaseId,
    kind: 'whatsapp_failed',
    at,
    detail: {
      status: kind,
      messageId: status.id,
      reason,
      ...(purchase?.phone ? { to: purchase.phone } : {}),
      ...(error ? { code: error.code } : {}),
      ...confirms,
    },
  });
}

/**
 * Applies the kept statuses that now name a known message (of `messageId` only, when given), and
 * forgets those kept for more than a day: they were about another application's messages.
 */
export async function applyPendingStatuses(deps: StatusDeps, messageId?: string): Promise<void> {
  const now = deps.clock.now();
  await deletePendingStatusesUpTo(deps.db, new Date(now.getTime() - DAY_MS).toISOString());
  for (const row of await pendingStatuses(deps.db, messageId)) {
    const parsed = whatsappStatusSchema.safeParse(JSON.parse(row.status));
    const kind = parsed.success ? WHATSAPP_MESSAGE_STATUSES.find((s) => s === parsed.data.status) : undefined;
    const known = await purchaseOfMessage(deps.db, row.messageId);
    if (parsed.success && kind && !known) continue;
    if (parsed.success && kind && known) await apply(deps, known, parsed.data, kind, new Date(row.receivedAt));
    await deletePendingStatus(deps.db, row.id);
  }
}

/** Keeps a status whose message is not recorded yet. */
async function keepStatus(deps: StatusDeps, status: WhatsappStatusNotification, receivedAt: Date): Promise<void> {
  await insertPendingStatus(deps.db, {
    id: randomUUID(),
    messageId: status.id,
    recipient: typeof status.recipient_id === 'string' ? status.recipient_id : null,
    status: JSON.stringify(status),
    receivedAt: receivedAt.toISOString(),
  });
}

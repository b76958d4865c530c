// The Idempotency-Key header (IETF httpapi draft) for POST /api/transaction, scoped by device:
// the same key with the same body answers the first answer again; with another body, 422; while
// the first request still runs, 409. Only successful answers are kept: after an error the key is
// free again, so the kiosk's outbox can retry once the cause is gone.
// The purchase a key made is recorded in the purchase's own transaction (`bindKey`), and a key is
// 'running' only while the process that claimed it lives (db/liveness.ts; with two instances, the
// other instance's claim stays 'running' for as long as that instance lives): when the server dies
// between the insert and the answer, the retry finds the key of a dead process and resumes that
// purchase instead of making one. Claim and takeover are single conditional statements, so two
// instances racing for one key never both win.
import { PURCHASE_MESSAGES } from '@courtreplay/shared';
import { createHash } from 'node:crypto';
import type { Db } from '../db/database.ts';
import { BOOT_ID, isBootAlive } from '../db/liveness.ts';
import {
  bindIdempotencyKey,
  claimIdempotencyKey,
  deleteIdempotencyKeysBefore,
  findIdempotencyKey,
  finishIdempotencyKey,
  releaseIdempotencyKey,
  takeOverIdempotencyKey,
} from './idempotency.queries.ts';
import type { Tx } from './queries.ts';
import { invalidInput, conflict, DomainError } from '../errors.ts';

/** How long answers are kept for replay. */
export const IDEMPOTENCY_KEY_TTL_MS = 24 * 3_600_000;

const KEY_PATTERN = /^[\x21-\x7e]{1,255}$/;

/** The header's value: a structured-field string ("...") as the draft writes it, or a bare token. */
export function parseIdempotencyKey(header: string | undefined): string | undefined {
  if (header === undefined) return undefined;
  const trimmed = header.trim();
  const key = /^".*"$/.test(trimmed) ? trimmed.slice(1, -1) : trimmed;
  if (!KEY_PATTERN.test(key)) throw invalidInput(PURCHASE_MESSAGES.idempotencyKeyInvalid);
  return key;
}

/** JSON with object keys sorted, so the same body hashes the same however it was serialised. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

export function requestHash(body: unknown): string {
  return createHash('sha256').update(canonical(body)).digest('hex');
}

export interface StoredAnswer {
  status: number;
  body: unknown;
  replayed: boolean;
}

export interface IdempotentRun {
  /** Records the purchase against the key; call it inside the purchase's insert transaction. */
  bindKey: (tx: Tx, purchaseId: string) => Promise<void>;
  /** The purchase a crashed earlier run of this key made, to answer instead of making another. */
  resumePurchaseId: string | undefined;
}

/**
 * What is kept of a first answer for its replays: only what a replay needs (ids,
 * the payment token), never the player's address or the phone link; a replay rebuilds the answer
 * from the purchase as it stands, so an erased purchase replays erased.
 */
export interface ReplayCodec {
  keep(body: unknown): unknown;
  rebuild(kept: unknown): Promise<unknown>;
}

/** Keeps the whole answer: for answers that carry nothing personal. */
const KEEP_WHOLE: ReplayCodec = { keep: (body) => body, rebuild: (kept) => Promise.resolve(kept) };

/** Runs `run` once per (device, key, body); see the file comment for the other answers. */
export async function withIdempotency(
  db: Db,
  scope: { deviceId: string; key: string; hash: string; now: Date; bootId?: string },
  run: (ctx: IdempotentRun) => Promise<{ status: number; body: unknown }>,
  codec: ReplayCodec = KEEP_WHOLE,
): Promise<StoredAnswer> {
  const { deviceId, key, hash, now } = scope;
  const bootId = scope.bootId ?? BOOT_ID;
  type Claim = { replay: { status: number; body: unknown } } | { resumePurchaseId: string | undefined };
  const claimed = await db.transaction().execute(async (tx): Promise<Claim> => {
    const claimedNow = await claimIdempotencyKey(tx, {
      deviceId,
      key,
      requestHash: hash,
      status: 'running',
      responseStatus: null,
      responseBody: null,
      createdAt: now.toISOString(),
      purchaseId: null,
      ownerBoot: bootId,
    });
    if (claimedNow) return { resumePurchaseId: undefined };

    const existing = await findIdempotencyKey(tx, { deviceId, key });
    // Gone in between: its first request failed and freed it; the kiosk's next retry claims it.
    if (!existing) throw conflict(PURCHASE_MESSAGES.idempotencyKeyRunning);
    if (existing.requestHash !== hash) throw new DomainError('unprocessable', PURCHASE_MESSAGES.idempotencyKeyReused);
    if (existing.status === 'done')
      return { replay: { status: existing.responseStatus ?? 200, body: JSON.parse(existing.responseBody ?? 'null') as unknown } };
    // Truly concurrent: the first request still runs, in this process or a live instance.
    const owner = existing.ownerBoot; // null: claimed by a version that did not record it, long gone
    if (owner === bootId || (owner !== null && (await isBootAlive(db, owner)))) throw conflict(PURCHASE_MESSAGES.idempotencyKeyRunning);
    // Its process died: take the key over, with the purchase it may already have made; only one taker wins.
    if (!(await takeOverIdempotencyKey(tx, { deviceId, key }, owner, bootId))) throw conflict(PURCHASE_MESSAGES.idempotencyKeyRunning);
    return { resumePurchaseId: existing.purchaseId ?? undefined };
  });
  if ('replay' in claimed) return { status: claimed.replay.status, body: await codec.rebuild(claimed.replay.body), replayed: true };

  const resumePurchaseId = 'resumePurchaseId' in claimed ? claimed.resumePurchaseId : undefined;
  const bindKey = async (tx: Tx, purchaseId: string) => {
    await bindIdempotencyKey(tx, { deviceId, key }, purchaseId);
  };
  let answer: { status: number; body: unknown };
  try {
    answer = await run({ bindKey, resumePurchaseId });
  } catch (err) {
    await releaseIdempotencyKey(db, { deviceId, key });
    throw err;
  }
  await finishIdempotencyKey(db, { deviceId, key }, { status: answer.status, body: JSON.stringify(codec.keep(answer.body)) });
  return { ...answer, replayed: resumePurchaseId !== undefined };
}

export async function deleteOldIdempotencyKeys(db: Db, now: Date): Promise<void> {
  const cutoff = new Date(now.getTime() - IDEMPOTENCY_KEY_TTL_MS).toISOString();
  await deleteIdempotencyKeysBefore(db, cutoff);
}

// The Idempotency-Key header (IETF httpapi draft) for POST /api/transaction, scoped by device:
// the same key with the same body answers the first answer again; with another body, 422; while
// the first request still runs, 409. Only successful answers are kept: after an error the key is
// free again, so the kiosk's outbox can retry once the cause is gone.
import { PURCHASE_MESSAGES } from '@courtreplay/shared';
import { createHash } from 'node:crypto';
import type { Db } from '../db/database.ts';
import { badRequest, conflict, HttpError } from '../http/errors.ts';

/** A key left 'running' this long belongs to a request that died with the server: take it over. */
const ABANDONED_AFTER_MS = 5 * 60_000;
/** How long answers are kept for replay. */
export const IDEMPOTENCY_KEY_TTL_MS = 24 * 3_600_000;

const KEY_PATTERN = /^[\x21-\x7e]{1,255}$/;

/** The header's value: a structured-field string ("...") as the draft writes it, or a bare token. */
export function parseIdempotencyKey(header: string | undefined): string | undefined {
  if (header === undefined) return undefined;
  const trimmed = header.trim();
  const key = /^".*"$/.test(trimmed) ? trimmed.slice(1, -1) : trimmed;
  if (!KEY_PATTERN.test(key)) throw badRequest(PURCHASE_MESSAGES.idempotencyKeyInvalid);
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

/** Runs `run` once per (device, key, body); see the file comment for the other answers. */
export async function withIdempotency(
  db: Db,
  scope: { deviceId: string; key: string; hash: string; now: Date },
  run: () => Promise<{ status: number; body: unknown }>,
): Promise<StoredAnswer> {
  const { deviceId, key, hash, now } = scope;
  const claimed = await db.transaction().execute(async (tx) => {
    const existing = await tx.selectFrom('idempotency_keys').selectAll().where('deviceId', '=', deviceId).where('key', '=', key).executeTakeFirst();
    if (existing) {
      if (existing.requestHash !== hash) throw new HttpError(422, PURCHASE_MESSAGES.idempotencyKeyReused);
      if (existing.status === 'done') return { status: existing.responseStatus ?? 200, body: JSON.parse(existing.responseBody ?? 'null') as unknown };
      const abandoned = now.getTime() - Date.parse(existing.createdAt) > ABANDONED_AFTER_MS;
      if (!abandoned) throw conflict(PURCHASE_MESSAGES.idempotencyKeyRunning);
      await tx.deleteFrom('idempotency_keys').where('deviceId', '=', deviceId).where('key', '=', key).execute();
    }
    await tx
      .insertInto('idempotency_keys')
      .values({ deviceId, key, requestHash: hash, status: 'running', responseStatus: null, responseBody: null, createdAt: now.toISOString() })
      .execute();
    return undefined;
  });
  if (claimed) return { ...claimed, replayed: true };

  let answer: { status: number; body: unknown };
  try {
    answer = await run();
  } catch (err) {
    await db.deleteFrom('idempotency_keys').where('deviceId', '=', deviceId).where('key', '=', key).execute();
    throw err;
  }
  await db
    .updateTable('idempotency_keys')
    .set({ status: 'done', responseStatus: answer.status, responseBody: JSON.stringify(answer.body) })
    .where('deviceId', '=', deviceId)
    .where('key', '=', key)
    .execute();
  return { ...answer, replayed: false };
}

export async function deleteOldIdempotencyKeys(db: Db, now: Date): Promise<void> {
  const cutoff = new Date(now.getTime() - IDEMPOTENCY_KEY_TTL_MS).toISOString();
  await db.deleteFrom('idempotency_keys').where('createdAt', '<', cutoff).execute();
}

// SQL of the Idempotency-Key claims (idempotency.ts holds the rules). One row per (device, key);
// every change is one conditional statement, so two instances racing for a key never both win.
import type { Insertable } from 'kysely';
import type { IdempotencyKeyTable } from '../db/schema/index.ts';
import type { Tx } from './queries.ts';

interface KeyOf {
  deviceId: string;
  key: string;
}

/** Claims the key with a 'running' row; false when a row for it exists already. */
export async function claimIdempotencyKey(tx: Tx, row: Insertable<IdempotencyKeyTable>): Promise<boolean> {
  const inserted = await tx
    .insertInto('idempotency_keys')
    .values(row)
    .onConflict((oc) => oc.columns(['deviceId', 'key']).doNothing())
    .executeTakeFirst();
  return inserted.numInsertedOrUpdatedRows === 1n;
}

export async function findIdempotencyKey(tx: Tx, { deviceId, key }: KeyOf) {
  return tx.selectFrom('idempotency_keys').selectAll().where('deviceId', '=', deviceId).where('key', '=', key).executeTakeFirst();
}

/** Moves a running key from the boot `owner` (null: none recorded) to `bootId`; false when another taker won. */
export async function takeOverIdempotencyKey(tx: Tx, { deviceId, key }: KeyOf, owner: string | null, bootId: string): Promise<boolean> {
  const took = await tx
    .updateTable('idempotency_keys')
    .set({ ownerBoot: bootId })
    .where('deviceId', '=', deviceId)
    .where('key', '=', key)
    .where('ownerBoot', owner === null ? 'is' : '=', owner)
    .where('status', '=', 'running')
    .executeTakeFirst();
  return took.numUpdatedRows === 1n;
}

/** Records the purchase the key made (in the purchase's own transaction). */
export async function bindIdempotencyKey(tx: Tx, { deviceId, key }: KeyOf, purchaseId: string): Promise<void> {
  await tx.updateTable('idempotency_keys').set({ purchaseId }).where('deviceId', '=', deviceId).where('key', '=', key).execute();
}

/** Frees the key (its request failed), for the kiosk's next retry. */
export async function releaseIdempotencyKey(db: Tx, { deviceId, key }: KeyOf): Promise<void> {
  await db.deleteFrom('idempotency_keys').where('deviceId', '=', deviceId).where('key', '=', key).execute();
}

/** Stores the answer its replays give. */
export async function finishIdempotencyKey(db: Tx, { deviceId, key }: KeyOf, answer: { status: number; body: string }): Promise<void> {
  await db
    .updateTable('idempotency_keys')
    .set({ status: 'done', responseStatus: answer.status, responseBody: answer.body })
    .where('deviceId', '=', deviceId)
    .where('key', '=', key)
    .execute();
}

export async function deleteIdempotencyKeysBefore(db: Tx, cutoff: string): Promise<void> {
  await db.deleteFrom('idempotency_keys').where('createdAt', '<', cutoff).execute();
}

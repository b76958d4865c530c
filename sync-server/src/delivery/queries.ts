// SQL of the delivery: the claim row that makes "exactly once" hold, and what the e-mail needs.
import { EMAIL_COPY_KEY } from '@courtreplay/shared';
import type { Db } from '../db/database.ts';
import type { EmailDeliveryTable } from '../db/schema/email-delivery.ts';

function withDeliveries(db: Db) {
  return db.withTables<{ email_deliveries: EmailDeliveryTable }>();
}

/** What the e-mail is built from; undefined for an unknown purchase. */
export async function findMailFacts(db: Db, purchaseId: string) {
  return db
    .selectFrom('purchases')
    .select(['id', 'email', 'videoCount', 'zipUrl', 'paymentStatus', 'emailStatus'])
    .where('id', '=', purchaseId)
    .executeTakeFirst();
}

export type MailFacts = NonNullable<Awaited<ReturnType<typeof findMailFacts>>>;

export function isDeliverable(p: MailFacts): boolean {
  return (p.paymentStatus === 'paid' || p.paymentStatus === 'free') && Boolean(p.zipUrl);
}

/** Inserts the claim row; true only for the one caller whose insert landed. */
export async function claimDelivery(db: Db, purchaseId: string, now: Date): Promise<boolean> {
  const result = await withDeliveries(db)
    .insertInto('email_deliveries')
    .values({ purchaseId, claimedAt: now.toISOString(), attempts: 0, finishedAt: null })
    .onConflict((oc) => oc.column('purchaseId').doNothing())
    .executeTakeFirst();
  return result.numInsertedOrUpdatedRows === 1n;
}

export async function recordAttempt(db: Db, purchaseId: string, finishedAt: Date | null): Promise<void> {
  await withDeliveries(db)
    .updateTable('email_deliveries')
    .set((eb) => ({ attempts: eb('attempts', '+', 1), finishedAt: finishedAt?.toISOString() ?? null }))
    .where('purchaseId', '=', purchaseId)
    .execute();
}

/** Claims whose sending was cut short (the server stopped mid-retry), to pick up again at start. */
export async function unfinishedClaims(db: Db): Promise<string[]> {
  const rows = await withDeliveries(db).selectFrom('email_deliveries').select('purchaseId').where('finishedAt', 'is', null).execute();
  return rows.map((r) => r.purchaseId);
}

export async function releaseClaim(db: Db, purchaseId: string): Promise<void> {
  await withDeliveries(db).deleteFrom('email_deliveries').where('purchaseId', '=', purchaseId).execute();
}

export async function storedEmailCopy(db: Db): Promise<string | null> {
  const row = await db.selectFrom('config_entries').select('value').where('key', '=', EMAIL_COPY_KEY).executeTakeFirst();
  return row?.value ?? null;
}

// SQL of the stored integration health (migration 011): each service's last success and error,
// and the credential alerts, open and resolved.
import type { Db } from '../db/database.ts';

export async function integrationStatusRows(db: Db) {
  return db.selectFrom('integration_status').selectAll().execute();
}

/** The credential alerts not yet resolved, oldest first. */
export async function openAlertRows(db: Db) {
  return db.selectFrom('integration_alerts').selectAll().where('resolvedAt', 'is', null).orderBy('firstAt').execute();
}

export async function resolveAlerts(db: Db, codes: string[], at: string): Promise<void> {
  await db.updateTable('integration_alerts').set({ resolvedAt: at }).where('code', 'in', codes).where('resolvedAt', 'is', null).execute();
}

export async function saveStatusRow(
  db: Db,
  kind: string,
  row: { lastSuccessAt: string | null; lastErrorAt: string | null; lastErrorMessage: string | null },
): Promise<void> {
  await db
    .insertInto('integration_status')
    .values({ kind, ...row })
    .onConflict((oc) => oc.column('kind').doUpdateSet(row))
    .execute();
}

export async function saveAlertRow(
  db: Db,
  code: string,
  row: { integration: string; message: string; advice: string; firstAt: string; lastAt: string; resolvedAt: null },
): Promise<void> {
  await db
    .insertInto('integration_alerts')
    .values({ code, ...row })
    .onConflict((oc) => oc.column('code').doUpdateSet(row))
    .execute();
}

/**
 * When each service last did real work, from what the sales recorded: the last settled payment,
 * the last clip a kiosk reported stored, the last e-mail and WhatsApp message sent. Null: never.
 * (The embedded adapters report no success of their own, and a success outlives any instance.)
 */
export async function lastTrafficAt(db: Db): Promise<Record<'payments' | 'storage' | 'mail' | 'whatsapp', string | null>> {
  const row = await db
    .selectNoFrom((eb) => [
      eb
        .selectFrom('purchases')
        .select((p) => p.fn.max('paidAt').as('at'))
        .where('paymentStatus', '=', 'paid')
        .as('payments'),
      eb
        .selectFrom('purchase_events')
        .select((p) => p.fn.max('at').as('at'))
        .where('kind', '=', 'clip_uploaded')
        .as('storage'),
      eb
        .selectFrom('purchases')
        .select((p) => p.fn.max('emailSentAt').as('at'))
        .where('emailStatus', '=', 'sent')
        .as('mail'),
      eb
        .selectFrom('purchases')
        .select((p) => p.fn.max('whatsappSentAt').as('at'))
        .where('whatsappStatus', '=', 'sent')
        .as('whatsapp'),
    ])
    .executeTakeFirstOrThrow();
  return { payments: row.payments ?? null, storage: row.storage ?? null, mail: row.mail ?? null, whatsapp: row.whatsapp ?? null };
}

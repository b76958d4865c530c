// SQL of the reports beside the sales report's own (sales-report.queries.ts): the court shares a
// purchase's roll-ups are built from.
import type { Insertable } from 'kysely';
import type { PurchaseCourtTable } from '../db/schema/index.ts';
import type { Db as Tx } from '../db/database.ts';

/** A purchase's court shares (migration 028). */
export async function insertPurchaseCourts(tx: Tx, rows: Insertable<PurchaseCourtTable>[]): Promise<void> {
  await tx.insertInto('purchase_courts').values(rows).execute();
}

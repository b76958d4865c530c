// The outbox's second IndexedDB database (named before the outbox was one module), beside the
// kiosk's (lib/db.ts holds the purchases and upload jobs): the reports to the back-office that wait for the network. Strict durability like
// the outbox: a parked purchase's report must not be lost.
import Dexie, { type EntityTable } from 'dexie';

/** A report for the back-office, sent when the network allows; the latest per key wins. */
export interface PendingReport {
  /** e.g. `parked:{idempotencyKey}` or `progress:{transactionId}`. */
  key: string;
  path: string;
  body: unknown;
  attempts: number;
  nextAttemptAt: number;
}

export class OfflineDatabase extends Dexie {
  reports!: EntityTable<PendingReport, 'key'>;

  constructor(name = 'courtreplay-offline') {
    super(name, { chromeTransactionDurability: 'strict' });
    this.version(1).stores({ reports: 'key, nextAttemptAt' });
  }
}

export const offlineDb = new OfflineDatabase();

// Byte counts outgrow a 32-bit integer: a kiosk's browser storage quota is a share of its disk
// (hundreds of gigabytes), and an upload may pass 2 GiB. SQLite's integers are 64-bit already, so
// this widens them on PostgreSQL only.
import type { Kysely, Migration } from 'kysely';
import { isPostgres } from '../dialect.ts';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on the current schema types
type AnyDb = Kysely<any>;

const WIDE: [table: string, column: string][] = [
  ['devices', 'storageUsage'],
  ['devices', 'storageQuota'],
  ['upload_sessions', 'size'],
];

export const postgresBigints025: Migration = {
  async up(db: AnyDb) {
    if (!isPostgres(db)) return;
    for (const [table, column] of WIDE) {
      await db.schema
        .alterTable(table)
        .alterColumn(column, (c) => c.setDataType('bigint'))
        .execute();
    }
  },
  async down(db: AnyDb) {
    if (!isPostgres(db)) return;
    for (const [table, column] of WIDE) {
      await db.schema
        .alterTable(table)
        .alterColumn(column, (c) => c.setDataType('integer'))
        .execute();
    }
  },
};

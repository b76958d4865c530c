// Why a camera is out (shared/src/camera-reasons.ts) and since when that reason holds: a camera that
// stops answering and then answers 404 has one outage, but the second failure is a new one to act on,
// with its own advice and its own "since". An outage already open keeps its start as its reason's.
import type { Kysely, Migration } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on the current schema types
type AnyDb = Kysely<any>;

export const outageReasons066: Migration = {
  async up(db: AnyDb) {
    await db.schema.alterTable('recorder_outages').addColumn('reason', 'text').execute();
    await db.schema.alterTable('recorder_outages').addColumn('reasonSince', 'text').execute();
    await db
      .updateTable('recorder_outages')
      .set((eb) => ({ reasonSince: eb.ref('startedAt') }))
      .execute();
  },
  async down(db: AnyDb) {
    for (const column of ['reasonSince', 'reason']) await db.schema.alterTable('recorder_outages').dropColumn(column).execute();
  },
};

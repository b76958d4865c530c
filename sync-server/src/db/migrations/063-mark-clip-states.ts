// Where a marked moment's clip stands, as the venue's recorder reports it (cutting, then ready or
// failed with a reason), or as the server decided at the tap (failed: the camera was not
// recording, the recorder was offline). Null: nobody has said yet (a venue without a recorder).
import type { Kysely, Migration } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on the current schema types
type AnyDb = Kysely<any>;

export const markClipStates063: Migration = {
  async up(db: AnyDb) {
    await db.schema.alterTable('court_marks').addColumn('clipState', 'text').execute();
    await db.schema.alterTable('court_marks').addColumn('clipReason', 'text').execute();
    await db.schema.alterTable('court_marks').addColumn('clipMessage', 'text').execute();
  },
  async down(db: AnyDb) {
    for (const column of ['clipMessage', 'clipReason', 'clipState']) await db.schema.alterTable('court_marks').dropColumn(column).execute();
  },
};

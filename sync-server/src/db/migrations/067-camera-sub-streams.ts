// A court camera's sub-stream: its second, low-resolution stream, recorded beside the main one so
// the phone's preview of a marked rally is cut by stream copy (docs/cameras.md, "The sub-stream").
// Its password is write-only like the main address's: masked in every answer, log line and audit
// entry; only the venue's recorder receives it.
import type { Kysely, Migration } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on the current schema types
type AnyDb = Kysely<any>;

export const cameraSubStreams067: Migration = {
  async up(db: AnyDb) {
    await db.schema.alterTable('fields').addColumn('cameraSubUrl', 'text').execute();
  },
  async down(db: AnyDb) {
    await db.schema.alterTable('fields').dropColumn('cameraSubUrl').execute();
  },
};

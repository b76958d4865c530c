// A court's IP camera: its RTSP address with the user name and password the venue's recorder needs
// to read it. The password is write-only for people: every answer, log line and audit entry masks it;
// only the venue's recorder (GET /api/recorder/setup) receives it.
import type { Kysely, Migration } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on the current schema types
type AnyDb = Kysely<any>;

export const cameraUrls045: Migration = {
  async up(db: AnyDb) {
    await db.schema.alterTable('fields').addColumn('cameraUrl', 'text').execute();
  },
  async down(db: AnyDb) {
    await db.schema.alterTable('fields').dropColumn('cameraUrl').execute();
  },
};

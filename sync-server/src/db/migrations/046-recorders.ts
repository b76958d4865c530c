// Recorders: the venue's own program that turns its cameras into clips. Each is a device of a venue
// with a bearer token stored only as its SHA-256 (deleting the row revokes it), the cameras' last
// reported states, the outages those states add up to (for the Errors tab, which lists an outage
// and resolves it when recording resumes) and the recorder's own alerts (the disk running low).
import type { Kysely, Migration } from 'kysely';
import { isPostgres } from '../dialect.ts';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on the current schema types
type AnyDb = Kysely<any>;

export const recorders046: Migration = {
  async up(db: AnyDb) {
    await db.schema
      .createTable('recorders')
      .addColumn('id', 'integer', (c) => (isPostgres(db) ? c.primaryKey().generatedByDefaultAsIdentity() : c.primaryKey().autoIncrement()))
      .addColumn('venueId', 'integer', (c) => c.notNull().references('venues.id').onDelete('cascade'))
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('tokenHash', 'text', (c) => c.notNull().unique())
      .addColumn('createdAt', 'text', (c) => c.notNull())
      .addColumn('lastSeenAt', 'text')
      .execute();
    await db.schema.createIndex('recorders_venue').on('recorders').column('venueId').execute();
    await db.schema
      .createTable('recorder_cameras')
      .addColumn('recorderId', 'integer', (c) => c.notNull().references('recorders.id').onDelete('cascade'))
      .addColumn('fieldId', 'integer', (c) => c.notNull().references('fields.id').onDelete('cascade'))
      .addColumn('state', 'text', (c) => c.notNull())
      .addColumn('since', 'text')
      .addColumn('lastSegmentAt', 'text')
      .addColumn('bufferSeconds', 'integer')
      .addColumn('message', 'text')
      .addColumn('reportedAt', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('recorder_cameras_pk', ['recorderId', 'fieldId'])
      .execute();
    await db.schema
      .createTable('recorder_outages')
      .addColumn('id', 'integer', (c) => (isPostgres(db) ? c.primaryKey().generatedByDefaultAsIdentity() : c.primaryKey().autoIncrement()))
      .addColumn('recorderId', 'integer', (c) => c.notNull().references('recorders.id').onDelete('cascade'))
      .addColumn('fieldId', 'integer', (c) => c.notNull().references('fields.id').onDelete('cascade'))
      .addColumn('state', 'text', (c) => c.notNull())
      .addColumn('startedAt', 'text', (c) => c.notNull())
      .addColumn('endedAt', 'text')
      .execute();
    await db.schema.createIndex('recorder_outages_camera').on('recorder_outages').columns(['recorderId', 'fieldId', 'endedAt']).execute();
    await db.schema
      .createTable('recorder_alerts')
      .addColumn('id', 'integer', (c) => (isPostgres(db) ? c.primaryKey().generatedByDefaultAsIdentity() : c.primaryKey().autoIncrement()))
      .addColumn('recorderId', 'integer', (c) => c.notNull().references('recorders.id').onDelete('cascade'))
      .addColumn('code', 'text', (c) => c.notNull())
      .addColumn('message', 'text', (c) => c.notNull())
      .addColumn('firstAt', 'text', (c) => c.notNull())
      .addColumn('resolvedAt', 'text')
      .execute();
    await db.schema.createIndex('recorder_alerts_open').on('recorder_alerts').columns(['recorderId', 'resolvedAt']).execute();
  },
  async down(db: AnyDb) {
    for (const table of ['recorder_alerts', 'recorder_outages', 'recorder_cameras', 'recorders'])
      await db.schema.dropTable(table).execute();
  },
};

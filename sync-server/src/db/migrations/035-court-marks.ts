// "Mark this moment" from the player's phone. Each court gets an unguessable code
// (128 random bits, base64url) that its printed QR poster links to; renewing it makes the old poster
// stop working. A mark is the court and the server's time of the tap, and a hash of the phone's
// anonymous random cookie (so one phone marks at most once per 20 s); nothing about the person.
// Marks are deleted after a day.
import { randomBytes } from 'node:crypto';
import type { Kysely, Migration } from 'kysely';
import { isPostgres } from '../dialect.ts';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on the current schema types
type AnyDb = Kysely<any>;

export const courtMarks035: Migration = {
  async up(db: AnyDb) {
    await db.schema.alterTable('fields').addColumn('courtCode', 'text').execute();
    const fields = (await db.selectFrom('fields').select('id').execute()) as { id: number }[];
    for (const { id } of fields)
      await db
        .updateTable('fields')
        .set({ courtCode: randomBytes(16).toString('base64url') })
        .where('id', '=', id)
        .execute();
    await db.schema.createIndex('fields_court_code').on('fields').column('courtCode').unique().execute();
    await db.schema
      .createTable('court_marks')
      .addColumn('id', 'integer', (c) => (isPostgres(db) ? c.primaryKey().generatedByDefaultAsIdentity() : c.primaryKey().autoIncrement()))
      .addColumn('fieldId', 'integer', (c) => c.notNull().references('fields.id').onDelete('cascade'))
      .addColumn('markedAt', 'text', (c) => c.notNull())
      .addColumn('phoneKey', 'text', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('court_marks_field_time').on('court_marks').columns(['fieldId', 'markedAt']).execute();
    await db.schema.createIndex('court_marks_phone_time').on('court_marks').columns(['phoneKey', 'markedAt']).execute();
    await db.schema.createIndex('court_marks_time').on('court_marks').column('markedAt').execute();
  },
  async down(db: AnyDb) {
    await db.schema.dropTable('court_marks').execute();
    await db.schema.dropIndex('fields_court_code').execute();
    await db.schema.alterTable('fields').dropColumn('courtCode').execute();
  },
};

// The phone page and the clips' lifetime: each purchase gets an unguessable token for
// /p/{token}, remembers the kiosk's language at the time of purchase, and records when its clips
// were removed (retention) or its personal data erased (on the player's request).
import { sql, type Kysely, type Migration } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on the current schema types
type AnyDb = Kysely<any>;

export const phonePage015: Migration = {
  async up(db: AnyDb) {
    // Nullable: purchases made before this migration get a token the first time one is needed.
    await db.schema.alterTable('purchases').addColumn('phoneToken', 'text').execute();
    await db.schema
      .alterTable('purchases')
      .addColumn('language', 'text', (col) => col.check(sql`language in ('en', 'id')`))
      .execute();
    await db.schema.alterTable('purchases').addColumn('clipsExpiredAt', 'text').execute();
    await db.schema.alterTable('purchases').addColumn('erasedAt', 'text').execute();
    await db.schema.createIndex('purchases_phone_token').unique().on('purchases').column('phoneToken').execute();
  },
  async down(db: AnyDb) {
    await db.schema.dropIndex('purchases_phone_token').execute();
    for (const column of ['erasedAt', 'clipsExpiredAt', 'language', 'phoneToken']) {
      await db.schema.alterTable('purchases').dropColumn(column).execute();
    }
  },
};

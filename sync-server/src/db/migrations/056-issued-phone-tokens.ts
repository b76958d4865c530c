// Phone-page tokens the server drew and handed to a kiosk ahead of its sales, so a free purchase
// made offline can show its QR code at once with a token that is still the server's own. A
// purchase may name only a token issued to the kiosk that sells it, and only once (usedAt).
// The device's id moves with it when an admin replaces it; deleting the device drops its stock.
import type { Kysely, Migration } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on the current schema types
type AnyDb = Kysely<any>;

export const issuedPhoneTokens056: Migration = {
  async up(db: AnyDb) {
    await db.schema
      .createTable('issued_phone_tokens')
      .addColumn('token', 'text', (c) => c.primaryKey())
      .addColumn('deviceId', 'text', (c) => c.notNull().references('devices.deviceId').onDelete('cascade').onUpdate('cascade'))
      .addColumn('issuedAt', 'text', (c) => c.notNull())
      .addColumn('usedAt', 'text')
      .execute();
    await db.schema
      .createIndex('issued_phone_tokens_device')
      .on('issued_phone_tokens')
      .columns(['deviceId', 'usedAt', 'issuedAt'])
      .execute();
  },
  async down(db: AnyDb) {
    await db.schema.dropTable('issued_phone_tokens').execute();
  },
};

// Kiosk health: a friendly name an admin gives each kiosk, and the latest
// heartbeat the kiosk sent (every 30 s while open): when, which app version, since when it has been
// online, its outbox depth, the newest clip in its folder, its browser storage and its screen.
import type { Kysely, Migration } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on the current schema types
type AnyDb = Kysely<any>;

const COLUMNS: [name: string, type: 'text' | 'integer'][] = [
  ['name', 'text'],
  ['lastSeenAt', 'text'],
  ['appVersion', 'text'],
  ['onlineSince', 'text'],
  ['queuePurchases', 'integer'],
  ['queueClips', 'integer'],
  ['lastClipAt', 'text'],
  ['storageUsage', 'integer'],
  ['storageQuota', 'integer'],
  ['screen', 'text'],
];

export const deviceHealth016: Migration = {
  async up(db: AnyDb) {
    for (const [name, type] of COLUMNS) await db.schema.alterTable('devices').addColumn(name, type).execute();
  },
  async down(db: AnyDb) {
    for (const [name] of [...COLUMNS].reverse()) await db.schema.alterTable('devices').dropColumn(name).execute();
  },
};

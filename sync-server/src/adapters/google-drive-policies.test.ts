// Google Drive as a venue's Workspace and account may really answer: a domain that forbids sharing
// with anyone with the link, a full Drive, other reasons, and a token endpoint that hangs.
import { INTEGRATION_MESSAGES, SERVER_MESSAGES } from '@courtreplay/shared';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { migrateToLatestOrThrow, openDatabase, type Db } from '../db/database.ts';
import { StoredIntegrationHealth } from '../integrations/stored-health.ts';
import { frozenClock } from '../testing/clock.ts';
import { GoogleDriveStorage, type GoogleDriveOptions } from './google-drive.ts';
import { startDriveImitation, type DriveImitation } from './testing/drive-imitation.ts';

const noSleep = { sleep: async () => {}, baseDelayMs: 1 };
const clip = { filename: 'c.mp4', mimeType: 'video/mp4', size: 1, origin: undefined };

let drive: DriveImitation;
let db: Db;
let health: StoredIntegrationHealth;

beforeEach(async () => {
  drive = await startDriveImitation();
  db = openDatabase(':memory:');
  await migrateToLatestOrThrow(db);
  health = await StoredIntegrationHealth.load(db, frozenClock());
});
afterEach(async () => {
  await health.flush();
  await db.destroy();
  await drive.close();
});

function oauth(over: Partial<GoogleDriveOptions> = {}) {
  return new GoogleDriveStorage({
    auth: { mode: 'oauth', clientId: 'cid', clientSecret: 'secret', refreshToken: '1//refresh', tokenUrl: drive.tokenUrl },
    parentFolderId: undefined,
    limitBytes: undefined,
    apiUrl: drive.url,
    health,
    tuning: noSleep,
    ...over,
  });
}
const ops = (op: string) => drive.requests.filter((r) => r.op === op);
const alertCodes = () => health.alerts().map((a) => a.code);

describe('a Workspace that forbids sharing with anyone with the link', () => {
  it('keeps the folder private and goes on; the alert is raised once, not a failure', async () => {
    drive.options.sharingRestricted = true;
    const storage = oauth();
    const folder = await storage.createFolder('videos_a', { purchaseId: 'p-1' });
    expect(folder).toMatchObject({ folderId: expect.any(String), shared: false });
    await storage.createUploadUrl({ folderId: folder.folderId, ...clip });
    await storage.createFolder('videos_b', { purchaseId: 'p-2' });
    expect(ops('permissions.create')).toHaveLength(2); // a 403 of policy is not retried
    expect(alertCodes()).toEqual(['google_sharing_restricted']);
    expect(health.alerts()[0]).toMatchObject({
      integration: 'storage',
      message: INTEGRATION_MESSAGES.driveSharingRestricted,
      advice: INTEGRATION_MESSAGES.driveSharingAdvice,
    });
    expect(health.status('storage').lastError).toBeUndefined();

    // Once the policy allows it, the next folder is shared and the alert ends.
    drive.options.sharingRestricted = false;
    expect(await storage.createFolder('videos_c', { purchaseId: 'p-3' })).not.toHaveProperty('shared');
    expect(alertCodes()).toEqual([]);
  });

  it('Test connection says it works and that folders stay private', async () => {
    drive.options.sharingRestricted = true;
    const result = await oauth().testConnection(undefined);
    expect(result.ok).toBe(true);
    expect(result.message).toContain(INTEGRATION_MESSAGES.driveSharingRestricted);
    expect(result.details).toMatchObject({ sharedWithAnyone: false });
    expect(alertCodes()).toEqual(['google_sharing_restricted']);
  });
});

describe("Drive's reasons reach the caller, the alerts and the Errors tab", () => {
  it('storageQuotaExceeded: 507 with a plain message, the google_storage_full alert until an upload opens again', async () => {
    const storage = oauth();
    const { folderId } = await storage.createFolder('videos_f');
    drive.options.storageFull = true;
    await expect(storage.createUploadUrl({ folderId, ...clip })).rejects.toMatchObject({
      code: 'insufficient_storage',
      message: SERVER_MESSAGES.drive.storageFull,
    });
    expect(ops('upload-session')).toHaveLength(1);
    expect(health.status('storage').lastError?.message).toBe(SERVER_MESSAGES.drive.storageFull);
    expect(alertCodes()).toEqual(['google_storage_full']);
    // Other calls working does not mean there is room again.
    await storage.quota();
    expect(alertCodes()).toEqual(['google_storage_full']);
    drive.options.storageFull = false;
    await storage.createUploadUrl({ folderId, ...clip });
    expect(alertCodes()).toEqual([]);
  });

  it('a rate limit that outlasts the retries is a 503 naming the reason', async () => {
    const storage = oauth();
    const { folderId } = await storage.createFolder('videos_r');
    for (let i = 0; i < 4; i++) drive.inject('upload-session', '403-rate-limit');
    await expect(storage.createUploadUrl({ folderId, ...clip })).rejects.toMatchObject({
      code: 'unavailable',
      message: SERVER_MESSAGES.drive.rateLimited('userRateLimitExceeded'),
    });
  });

  it('a folder Drive does not know: the message says so', async () => {
    await expect(oauth().createUploadUrl({ folderId: 'goneFolder123', ...clip })).rejects.toMatchObject({
      code: 'upstream_failed',
      message: expect.stringMatching(/^Google Drive cannot find the folder or file \(/),
    });
  });
});

describe('a token endpoint that hangs', () => {
  it('costs a call no more than the token budget: no retry starts that could not end in time', async () => {
    for (let i = 0; i < 4; i++) drive.inject('token', 'hang');
    // Each attempt may wait 150 ms, the whole refresh 250 ms: without the budget, 4 attempts (600 ms).
    const storage = oauth({ tuning: { ...noSleep, timeoutMs: 150, tokenTotalMs: 250 } });
    await expect(storage.quota()).rejects.toMatchObject({
      code: 'upstream_failed',
      message: expect.stringMatching(/could not be reached/),
    });
    expect(ops('token').length).toBeGreaterThan(0);
    expect(ops('token').length).toBeLessThan(4);
  });
});

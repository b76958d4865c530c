// The API on Google Drive (the imitation) when the venue's Workspace forbids sharing with anyone
// with the link, and when the Drive is full: the purchase is still delivered, through the phone
// page, and a full Drive answers the kiosk with Google's reason.
import { SERVER_MESSAGES } from '@courtreplay/shared';
import { afterEach, describe, expect, it } from 'vitest';
import { bodyOf, makeAdapterTestApp, seedPurchase, type AdapterTestApp } from '../adapters/testing/adapter-app.ts';
import { startDriveImitation, type DriveImitation } from '../adapters/testing/drive-imitation.ts';
import { startSmtpSink, type SmtpSink } from '../mail/testing/smtp-sink.ts';

let drive: DriveImitation;
let sink: SmtpSink;
let t: AdapterTestApp;
afterEach(async () => {
  await t.delivery.idle();
  await t.close();
  await sink.close();
  await drive.close();
});

async function setUp() {
  drive = await startDriveImitation();
  sink = await startSmtpSink();
  t = await makeAdapterTestApp({
    smtpUrl: sink.url,
    smtpCa: sink.ca,
    env: {
      STORAGE: 'google-drive',
      GOOGLE_CLIENT_ID: 'cid.apps.googleusercontent.com',
      GOOGLE_CLIENT_SECRET: 'secret',
      GOOGLE_REFRESH_TOKEN: '1//refresh',
      GOOGLE_API_URL: drive.url,
      GOOGLE_OAUTH_TOKEN_URL: drive.tokenUrl,
    },
  });
}

describe('Drive in a Workspace that forbids public sharing', () => {
  it('the folder stays private, its link is the phone page, and the e-mail links the phone page only', async () => {
    await setUp();
    drive.options.sharingRestricted = true;
    const { purchase, token, device } = await seedPurchase(t);
    await t.call('simulatePayment', { params: { token: token, outcome: 'success' } }, { raw: true });
    const res = await t.call(
      'createFolder',
      { body: { folderName: 'videos_p', purchaseId: purchase.id } },
      { headers: device.headers, raw: true },
    );
    expect(res.status).toBe(200);
    const folder = (await bodyOf(res)) as { folderId: string; folderUrl: string };
    const { phoneToken } = await t.db.selectFrom('purchases').select('phoneToken').where('id', '=', purchase.id).executeTakeFirstOrThrow();
    expect(folder.folderUrl).toBe(`${t.config.publicUrl}/p/${phoneToken}`);
    expect(drive.files.find((f) => f.id === folder.folderId)).toBeDefined();

    await t.call(
      'updateZipUrl',
      { params: { id: purchase.id }, body: { zipUrl: folder.folderUrl, error: false } },
      { headers: device.headers, status: 200 },
    );
    await t.delivery.idle();
    expect(sink.received).toHaveLength(1);
    expect(sink.received[0]!.decoded).toContain(folder.folderUrl);
    expect(sink.received[0]!.decoded).not.toContain('drive.google.com');
    expect(sink.received[0]!.html).not.toContain('data-role="folder-link"');
  });

  it('a full Drive answers the upload URL with 507 and its reason, and raises the alert', async () => {
    await setUp();
    const { purchase, device } = await seedPurchase(t);
    const folder = await bodyOf(
      t.call('createFolder', { body: { folderName: 'videos_q', purchaseId: purchase.id } }, { headers: device.headers, raw: true }),
    );
    drive.options.storageFull = true;
    const res = await t.call(
      'getSignedUrl',
      { body: { folderId: folder.folderId, filename: 'c.mp4', mimeType: 'video/mp4', size: 10 } },
      { headers: device.headers, raw: true },
    );
    expect(res.status).toBe(507);
    expect(await bodyOf(res)).toEqual({ message: SERVER_MESSAGES.drive.storageFull });
    await t.deps.health!.flush();
    const owner = await t.seed.admin({ role: 'super_admin' });
    const status = await bodyOf(t.call('integrationHealth', {}, { headers: owner.headers, raw: true }));
    expect(status.alerts).toEqual([expect.objectContaining({ code: 'google_storage_full', integration: 'storage' })]);
  });
});

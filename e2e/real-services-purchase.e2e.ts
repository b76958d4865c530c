// A whole kiosk purchase with the REAL adapters, PAYMENT_PROVIDER=midtrans and STORAGE=google-drive,
// reached through the MIDTRANS_*_URL and GOOGLE_* overrides, against imitations written from
// Midtrans' and Google's documentation: the kiosk loads snap.js from the Midtrans imitation, the
// player pays there, Midtrans' signed notification reaches the server, which confirms it with the
// status API before the purchase counts as paid; the kiosk uploads the clip to Drive's resumable
// session (Range hidden from the browser, as Drive's CORS does) and the e-mail carries the folder. (A lost
// notification paid by the reconciler is proven in payments/midtrans-webhook.test.ts with a frozen
// clock, which a browser test cannot hold.)
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES, STORAGE_TEST_CHUNK_BYTES } from '@courtreplay/shared';
import { startMidtransImitation, type MidtransImitation } from '@courtreplay/sync-server/testing/midtrans-imitation';
import { SUPER_ADMIN, driveEnv, freePort, makeClip, newKioskContext, useDriveImitation, useRig } from './support/index.ts';
import { loginAs } from './pages/admin-session.ts';
import { AdminIntegrationsPanel } from './pages/admin-integrations-panel.ts';
import { openKioskCheckout } from './support/kiosk-setup.ts';

const C = MESSAGES.checkout;
const SERVER_KEY = 'Mid-server-imitation-key';
let midtrans: MidtransImitation;
const CLIPS = [{ name: 'smash_1.mp4', path: makeClip({ format: 'mp4' }) }];
let publicUrl: string;
let port: number;

beforeAll(async () => {
  port = await freePort();
  publicUrl = `http://127.0.0.1:${port}`;
  midtrans = await startMidtransImitation({ serverKeys: [SERVER_KEY], notificationUrl: `${publicUrl}/api/payment/notification` });
});

afterAll(async () => {
  await midtrans?.close();
});

const drive = useDriveImitation({ hideRange: true });

const rig = useRig({
  env: () => ({
    PORT: String(port),
    PUBLIC_URL: publicUrl,
    PAYMENT_PROVIDER: 'midtrans',
    MIDTRANS_SERVER_KEY: SERVER_KEY,
    MIDTRANS_CLIENT_KEY: 'Mid-client-imitation-key',
    ...midtrans.env,
    ...driveEnv(drive),
  }),
  kiosk: { pricing: { price: 20_000, gateway: true } },
});

async function waitFor<T>(read: () => T | Promise<T>, ok: (v: T) => boolean, ms = 20_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const v = await read();
    if (ok(v) || Date.now() > deadline) return v;
    await new Promise((r) => setTimeout(r, 200));
  }
}

const purchaseOf = async (email: string) => (await rig.seed.admin.call('listPurchases', {})).transactions.find((t) => t.email === email);

describe('a kiosk purchase through the real Midtrans adapter, against an imitation of Midtrans', () => {
  it('pays in the Snap panel served by Midtrans: the signed notification is confirmed, the clip lands whole in Drive and one e-mail sent', async () => {
    const { context, checkout } = await openKioskCheckout(rig, CLIPS);
    await checkout.email().fill('midtrans-player@example.com');
    await checkout.payNow().click();
    await checkout.paymentPanel().getByRole('button', { name: 'Pay with imitation' }).click();
    await checkout.completed().waitFor();
    expect(await checkout.outcome().textContent()).toBe(C.paymentSuccess);

    const purchase = await waitFor(
      () => purchaseOf('midtrans-player@example.com'),
      (p) => p?.paymentStatus === 'paid' && Boolean(p.zipUrl),
    );
    expect(purchase).toMatchObject({ paymentStatus: 'paid', totalAmount: 20_000 });
    // What Midtrans received: the server's price, never the browser's, with the kiosk-safe methods.
    const create = midtrans.requests.find(
      (r) => r.method === 'POST' && r.path === '/snap/v1/transactions' && r.body.includes(purchase!.id),
    );
    const body = JSON.parse(create!.body) as {
      transaction_details: { gross_amount: number };
      enabled_payments: string[];
      custom_field3: string;
    };
    expect(body.transaction_details.gross_amount).toBe(20_000);
    expect(body.enabled_payments.length).toBeGreaterThan(0);
    expect(body.custom_field3).not.toBe(rig.seed.deviceId);
    // The notification was confirmed with the status API before the purchase counted as paid.
    expect(midtrans.requests.some((r) => r.method === 'GET' && r.path === `/v2/${purchase!.id}/status`)).toBe(true);
    // The clip is in the purchase's Drive folder, whole, tagged as the product's own.
    const clip = drive.files.find((f) => f.mimeType === 'video/mp4');
    expect(clip?.content?.equals(readFileSync(makeClip({ format: 'mp4' })))).toBe(true);
    expect(clip?.appProperties).toMatchObject({ courtreplay: '1' });
    const folder = drive.files.find((f) => f.id === clip?.parents[0]);
    expect(purchase!.zipUrl).toBe(`https://drive.google.com/drive/folders/${folder!.id}`);
    const mails = await waitFor(
      () => rig.server.outbox().filter((m) => m.text.includes('midtrans-player@example.com')),
      (m) => m.length === 1,
    );
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain(folder!.id);
    await context.close();
  });

  it("the Integrations panel's Test connection proves the Midtrans key (and says plainly when it is refused) and the Drive account, with a chunk from this browser", async () => {
    const context = await newKioskContext(rig.browser, rig.server.url, { viewport: { width: 1440, height: 900 } });
    const page = await context.newPage();
    const dashboard = await loginAs(page, SUPER_ADMIN.email, SUPER_ADMIN.password);
    await dashboard.openTab('storageQuota');
    const panel = new AdminIntegrationsPanel(page);
    expect(await panel.adapter('payments').textContent()).toBe('midtrans');
    expect((await panel.test('payments')).ok).toBe(true);

    midtrans.inject({ on: 'status', fault: '401' });
    const refused = await panel.test('payments');
    midtrans.clear();
    expect(refused.ok).toBe(false);
    expect(refused.text).toContain('MIDTRANS_SERVER_KEY');

    // Drive: about.get, a tagged test folder made and removed, then this browser PUTs one chunk
    // to a real (imitated) resumable session, which proves CORS from the admin's origin.
    expect(await panel.adapter('storage').textContent()).toBe('google-drive');
    const storage = await panel.test('storage');
    expect(storage.ok).toBe(true);
    expect(await panel.browserUpload('storage').textContent()).toBe(MESSAGES.integrations.browserUploadOk);
    const session = [...drive.sessions.values()].at(-1);
    expect(Buffer.concat(session?.received ?? []).length).toBe(STORAGE_TEST_CHUNK_BYTES);
    await context.close();
  });
});

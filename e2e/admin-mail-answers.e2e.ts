// What the Transactions list shows when the SMTP server refuses a purchase e-mail: a permanent
// refusal (550) fails at once with the server's reason; a temporary one (451) shows the purchase
// waiting with the last answer. The real server sends through a loopback SMTP server (STARTTLS,
// self-signed certificate trusted through NODE_EXTRA_CA_CERTS).
import { beforeAll, expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import type { Answer, Endpoints } from '@courtreplay/shared';
import { KioskApi, newKioskContext, SUPER_ADMIN, useRig, useSmtpSink } from './support/index.ts';
import { loginAs } from './pages/admin-session.ts';
import type { AdminDashboardPage } from './pages/admin-dashboard-page.ts';
import { AdminTransactionsTab } from './pages/admin-transactions-tab.ts';

const KIOSK = 'kiosk-mail-answers-court-1';
const LOGIN = { user: 'replay@venue.example', pass: 'the-right-one' };

let page: Page;
let dashboard: AdminDashboardPage;
let transactions: AdminTransactionsTab;

/** A free purchase whose link the kiosk saves: the server tries its e-mail at once. */
async function deliveredPurchase(email: string): Promise<string> {
  const kiosk = new KioskApi(server, KIOSK);
  const made = await kiosk.respond('createPurchase', { body: { email, videoIds: ['1-a'], videoTitles: ['a'], totalAmount: 0 } });
  expect(made.status).toBe(201);
  const id = ((await made.json()) as Answer<Endpoints['createPurchase']>).transaction.id;
  await kiosk.saveFolderLink(id, 'videos_test_1video');
  return id;
}

const smtp = useSmtpSink({
  auth: LOGIN,
  answer: (_n, to) =>
    to.includes('nobody@example.com')
      ? { code: 550, message: '5.1.1 The email account that you tried to reach does not exist' }
      : to.includes('greylisted@example.com')
        ? { code: 451, message: '4.7.1 Greylisted, please try again later' }
        : undefined,
});

const {
  server,
  browser,
  admin: api,
} = useRig({
  env: () => smtp.env(),
  admin: true,
});

beforeAll(async () => {
  const { venue } = await api.call('createVenue', { body: { name: 'Arena Empat', location: 'Bandung' } });
  await api.call('registerDevice', { body: { deviceId: KIOSK, venueId: venue.id } });
  await api.call('authorizeDevice', { body: { deviceId: KIOSK, isAuthorized: true } });
  await api.setConfig('ENABLE_PAYMENT_GATEWAY', 'false');
  page = await (await newKioskContext(browser, server.url, { viewport: { width: 1600, height: 900 } })).newPage();
  dashboard = await loginAs(page, SUPER_ADMIN.email, SUPER_ADMIN.password);
  transactions = new AdminTransactionsTab(page);
});

test('550: failed at once, the server reason on the purchase', async () => {
  const id = await deliveredPurchase('nobody@example.com');
  await page.reload();
  await dashboard.openTab('transactions');
  await expect.poll(() => transactions.deliveryState(id), { timeout: 15_000 }).toMatch(/^Failed: E-mail not sent: .*550/);
  expect(await transactions.deliveryTitle(id)).toContain('550 5.1.1 The email account that you tried to reach does not exist');
  expect(smtp.sink.received).toHaveLength(0);
});

test('451: the purchase waits for its next try, with the last answer shown under its state', async () => {
  const id = await deliveredPurchase('greylisted@example.com');
  await page.reload();
  await dashboard.openTab('transactions');
  await expect.poll(() => transactions.deliveryState(id), { timeout: 15_000 }).toBe('Link saved');
  expect(await transactions.deliveryReason(id)).toMatch(
    /^E-mail not accepted yet \(.*451 4\.7\.1 Greylisted, please try again later\); it is retried automatically$/,
  );
});

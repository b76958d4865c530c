// The back-office side of offline-first: each purchase's delivery state in the
// Transactions tab, and purchases a kiosk's outbox parked, with the server's reason, under
// 'Error Logs'. The kiosk's reports are posted through the real API, as its outbox posts them.
import { beforeAll, expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { MESSAGES, type Answer, type Endpoints } from '@courtreplay/shared';
import { AdminErrorsTab } from './pages/admin-errors-tab.ts';
import { KioskApi, newKioskContext, simulatePayment, SUPER_ADMIN, useRig } from './support/index.ts';
import { loginAs } from './pages/admin-session.ts';
import type { AdminDashboardPage } from './pages/admin-dashboard-page.ts';

const KIOSK = 'kiosk-delivery-state-court-1';

const { server, browser, admin: api } = useRig({ admin: true });
let kiosk: KioskApi;
let page: Page;
let dashboard: AdminDashboardPage;
let purchaseId: string;

beforeAll(async () => {
  kiosk = new KioskApi(server, KIOSK);
  const { venue } = await api.call('createVenue', { body: { name: 'Arena Tiga', location: 'Surabaya' } });
  await api.call('registerDevice', { body: { deviceId: KIOSK, venueId: venue.id } });
  await api.call('authorizeDevice', { body: { deviceId: KIOSK, isAuthorized: true } });
  await api.setConfig('ENABLE_PAYMENT_GATEWAY', 'false');
  const made = await kiosk.respond('createPurchase', {
    body: { email: 'player@example.com', videoIds: ['1-a', '2-b', '3-c'], videoTitles: ['a', 'b', 'c'], totalAmount: 0 },
  });
  expect(made.status).toBe(201);
  purchaseId = ((await made.json()) as Answer<Endpoints['createPurchase']>).transaction.id;
  page = await (await newKioskContext(browser, server.url)).newPage();
  dashboard = await loginAs(page, SUPER_ADMIN.email, SUPER_ADMIN.password);
});

const deliveryCell = () => page.locator(`tr[data-id="${purchaseId}"] [data-testid="delivery-state"]`);

test('a purchase shows where its delivery stands, from uploading to e-mailed', async () => {
  await kiosk.call('reportProgress', { body: { transactionId: purchaseId, uploaded: 2, failed: 0, total: 3, state: 'uploading' } });
  await page.reload();
  await dashboard.openTab('transactions');
  await expect.poll(() => deliveryCell().textContent(), { timeout: 15_000 }).toBe('Uploading 2 of 3');

  // The kiosk saves its folder's link: the free purchase is e-mailed at once, and the row says so.
  await kiosk.saveFolderLink(purchaseId, 'videos_test_3videos');
  await page.reload();
  await dashboard.openTab('transactions');
  await expect.poll(() => deliveryCell().textContent(), { timeout: 15_000 }).toBe('E-mailed');
  expect(server.outbox()).toHaveLength(1);
});

test("'Error Logs' lists a purchase a kiosk parked, with the server's reason", async () => {
  await dashboard.openTab('errors');
  await expect.poll(() => page.getByText(MESSAGES.errorsTab.empty).isVisible(), { timeout: 15_000 }).toBe(true);

  const now = new Date().toISOString();
  await kiosk.call('reportParked', {
    body: {
      idempotencyKey: 'outbox-key-123',
      reason: 'The total has changed. Please review your order.',
      status: 400,
      attempts: 1,
      email: 'offline.player@example.com',
      videoCount: 2,
      totalAmount: 0,
      isStaging: false,
      queuedAt: now,
      parkedAt: now,
    },
  });
  await page.reload();
  await dashboard.openTab('errors');
  const errors = new AdminErrorsTab(page);
  const row = errors.rows('parked_purchase');
  await expect.poll(() => row.count()).toBe(1);
  const text = await row.textContent();
  expect(text).toContain(MESSAGES.errorsTab.kinds.parked_purchase);
  expect(text).toContain('offline.player@example.com');
  expect(text).toContain('Arena Tiga');
  expect(text).toContain('The total has changed. Please review your order.');
  expect(text).toContain(MESSAGES.errorsTab.parkedTodo);

  // Once dealt with, the admin marks it resolved: it leaves the open list and shows who resolved it.
  await errors.resolve(row).click();
  await errors.empty().waitFor();
  await errors.showStatus('resolved');
  await expect
    .poll(() => errors.statusCell(errors.rows('parked_purchase')).textContent())
    .toMatch(new RegExp(`^Resolved by ${SUPER_ADMIN.email}, `));
  await errors.showStatus('open');
});

test("a payment reversed after it was paid is flagged in Transactions and listed in 'Error Logs'", async () => {
  await api.setConfig('ENABLE_PAYMENT_GATEWAY', 'true');
  await api.setConfig('DEFAULT_PRICE', '5000');
  const { transaction, payment } = await kiosk.call('createPurchase', {
    body: { email: 'reversed@example.com', videoIds: ['9-z'], videoTitles: ['z'], totalAmount: 5000 },
  });
  // The simulator's provider settles, then denies (as some banks and Indomaret do after settlement).
  for (const outcome of ['success', 'failure'] as const) await simulatePayment(server, payment!.token, outcome);
  await api.setConfig('ENABLE_PAYMENT_GATEWAY', 'false');

  await page.reload();
  await dashboard.openTab('transactions');
  const row = page.locator(`tr[data-id="${transaction.id}"]`);
  await expect.poll(() => row.getByTestId('payment-status').textContent(), { timeout: 15_000 }).toBe('paid');
  expect(await row.getByTestId('payment-reversed').textContent()).toBe(MESSAGES.transactions.paymentReversed);

  await dashboard.openTab('errors');
  const reversed = new AdminErrorsTab(page).rows('payment_reversed');
  await expect.poll(() => reversed.count()).toBe(1);
  const text = await reversed.textContent();
  expect(text).toContain(transaction.id);
  // The simulator's status check says only 'failed': a deny, amount unknown.
  expect(text).toContain(MESSAGES.errorsTab.reversedWhat('Rp 5.000', 'failed', { kind: 'deny', amount: null }));
  expect(text).toContain('was denied by the payment provider afterwards');
});

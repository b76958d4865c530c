// Correcting a player's address, the back-office side: a player typed their address wrong; an admin corrects it
// in the Transactions tab and presses Resend, and the e-mail arrives at the new address on a real
// loopback SMTP server (which, like a real one, refuses the mistyped domain). The purchase's detail
// drawer then tells that story. Then the player asks to be forgotten: Erase, after
// a confirmation that says what goes, removes the address and the clips and leaves the row's figures.
import { beforeAll, expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { MESSAGES } from '@courtreplay/shared';
import { KioskApi, newKioskContext, useRig, useSmtpSink } from './support/index.ts';
import { loginAs } from './pages/admin-session.ts';
import type { AdminDashboardPage } from './pages/admin-dashboard-page.ts';
import { AdminTransactionsTab } from './pages/admin-transactions-tab.ts';

const T = MESSAGES.transactions;
const KIOSK = 'kiosk-email-correction-court-1';
const VENUE_ADMIN = { email: 'owner@arena-lima.example', password: 'venue-admin-password-1' };

let page: Page;
let dashboard: AdminDashboardPage;
let transactions: AdminTransactionsTab;
let purchaseId: string;
let folderUrl: string;

// The mistyped domain has no such mailbox: a permanent refusal, as a real server answers.
const smtp = useSmtpSink({
  answer: (_n, to) => (to.some((a) => a.endsWith('@gmial.com')) ? { code: 550, message: '5.1.1 No such mailbox here' } : undefined),
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
  const { venue } = await api.call('createVenue', { body: { name: 'Arena Lima', location: 'Medan' } });
  await api.call('createAdmin', { body: { ...VENUE_ADMIN, role: 'admin', venueId: venue.id } });
  await api.call('registerDevice', { body: { deviceId: KIOSK, venueId: venue.id } });
  await api.call('authorizeDevice', { body: { deviceId: KIOSK, isAuthorized: true } });
  await api.setConfig('ENABLE_PAYMENT_GATEWAY', 'false');

  // A free purchase to a mistyped address; the kiosk saves its link and the e-mail goes there.
  const kiosk = new KioskApi(server, KIOSK);
  purchaseId = (
    await kiosk.call('createPurchase', { body: { email: 'rally.fan@gmial.com', videoIds: ['1-a'], videoTitles: ['a'], totalAmount: 0 } })
  ).transaction.id;
  ({ folderUrl } = await kiosk.saveFolderLink(purchaseId, 'videos_test_1video'));

  page = await (await newKioskContext(browser, server.url, { viewport: { width: 1600, height: 900 } })).newPage();
  dashboard = await loginAs(page, VENUE_ADMIN.email, VENUE_ADMIN.password);
  transactions = new AdminTransactionsTab(page);
  await dashboard.openTab('transactions');
});

test('the venue admin corrects the e-mail in the row, and Resend delivers to the new address', async () => {
  await expect.poll(() => transactions.emailStatus(purchaseId), { timeout: 15_000 }).toBe('failed');
  expect(smtp.sink.received).toHaveLength(0);
  await transactions.editEmail(purchaseId).click();
  expect(await transactions.newEmail(purchaseId).inputValue()).toBe('rally.fan@gmial.com');

  // A bad address is refused with the reason, in place; nothing changes.
  await transactions.newEmail(purchaseId).fill('rally.fan@gmail');
  await transactions.saveEmail(purchaseId).click();
  await transactions.emailForm(purchaseId).getByText(MESSAGES.checkout.invalidEmail).waitFor();

  await transactions.newEmail(purchaseId).fill('rally.fan@gmail.com');
  await transactions.saveEmail(purchaseId).click();
  await transactions.text(T.emailCorrected('rally.fan@gmail.com')).waitFor();
  await expect.poll(async () => (await transactions.cells(purchaseId))[1]).toBe('rally.fan@gmail.com');

  await transactions.resend(purchaseId).click();
  await transactions.text(T.resent).waitFor();
  expect(smtp.sink.received).toHaveLength(1);
  expect(smtp.sink.received[0]!.to).toEqual(['rally.fan@gmail.com']);
  expect(smtp.sink.received[0]!.text).toContain('Watch and download your clips');
});

test("the purchase's detail drawer tells that story, oldest first, with who did what and the links", async () => {
  const W = T.timeline;
  await transactions.details(purchaseId).click();
  const drawer = transactions.drawer();
  await drawer.getByRole('heading', { name: T.drawer.title(purchaseId) }).waitFor();
  await expect
    .poll(() => transactions.timelineTexts())
    .toEqual([
      W.created('Rp 0'),
      W.free,
      W.email_failed('rally.fan@gmial.com'),
      W.email_corrected('rally.fan@gmial.com', 'rally.fan@gmail.com'),
      W.resend(undefined),
      W.email_sent('rally.fan@gmail.com'),
    ]);
  // The refusal's reason, and the admin named on each of their actions (and only there).
  const items = transactions.timelineItems();
  expect(await items.nth(2).locator('.timeline-reason').textContent()).toMatch(/550.*No such mailbox here/);
  expect(await items.nth(3).locator('.timeline-by').textContent()).toBe(T.drawer.by(VENUE_ADMIN.email));
  expect(await items.nth(4).locator('.timeline-by').textContent()).toBe(T.drawer.by(VENUE_ADMIN.email));
  expect(await items.nth(5).locator('.timeline-by').count()).toBe(0);
  expect(await drawer.getByRole('link', { name: T.drawer.folder }).getAttribute('href')).toBe(folderUrl);
  const phoneUrl = await drawer.getByRole('link', { name: T.drawer.phonePage }).getAttribute('href');
  expect(phoneUrl).toMatch(/\/p\/[A-Za-z0-9_-]{22,}$/);
  expect((await fetch(phoneUrl!)).status).toBe(200);
  // Escape closes it and the list is there again.
  await page.keyboard.press('Escape');
  await drawer.waitFor({ state: 'detached' });
  await transactions.row(purchaseId).waitFor();
});

test('Erase asks first, saying what goes, then removes the address and the clips', async () => {
  expect((await fetch(folderUrl)).status).toBe(200);
  await transactions.erase(purchaseId).click();
  await transactions.row(purchaseId).getByText(T.eraseConfirm).waitFor();
  await transactions.confirmErase(purchaseId).click();
  await transactions.text(T.erasedDone).waitFor();
  await transactions.erased(purchaseId).waitFor();
  const cells = await transactions.cells(purchaseId);
  expect(cells[1]).toBe(T.erased);
  expect(cells.join(' ')).not.toContain('rally.fan');
  // The figures stay; nothing but Details is left on an erased purchase.
  expect(cells[4]).toBe('Rp 0');
  const buttons = await transactions.row(purchaseId).getByRole('button').allTextContents();
  expect(buttons).toEqual([T.details]);
  // The clips' folder is gone from storage: its share page no longer lists anything.
  expect((await fetch(folderUrl)).status).toBe(404);
});

// Issue 13 point 4, the back-office side: a player typed their address wrong; an admin corrects it
// in the Transactions tab and presses Resend, and the e-mail arrives at the new address on a real
// loopback SMTP server. Then the player asks to be forgotten: Erase, after a confirmation that says
// what goes, removes the address and the clips and leaves the row's figures.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { MESSAGES } from '@courtreplay/shared';
import { startSmtpSink, type SmtpSink } from '@courtreplay/sync-server/testing/smtp-sink';
import { AdminApi, launchBrowser, newKioskContext, startServer, type TestServer } from './support/index.ts';
import { loginAs } from './pages/admin-session.ts';
import type { AdminDashboardPage } from './pages/admin-dashboard-page.ts';
import { AdminTransactionsTab } from './pages/admin-transactions-tab.ts';

const T = MESSAGES.transactions;
const KIOSK = 'kiosk-email-correction-court-1';
const VENUE_ADMIN = { email: 'owner@arena-lima.example', password: 'venue-admin-password-1' };

let smtp: SmtpSink;
let server: TestServer;
let browser: Browser;
let page: Page;
let dashboard: AdminDashboardPage;
let transactions: AdminTransactionsTab;
let purchaseId: string;
let folderUrl: string;

async function asKiosk(method: string, path: string, body: unknown): Promise<Response> {
  return fetch(`${server.url}/api${path}`, {
    method,
    headers: { 'Content-Type': 'application/json', 'X-Device-Id': KIOSK },
    body: JSON.stringify(body),
  });
}

beforeAll(async () => {
  smtp = await startSmtpSink();
  const certFile = join(mkdtempSync(join(tmpdir(), 'courtreplay-smtp-ca-')), 'loopback.pem');
  writeFileSync(certFile, smtp.ca);
  server = await startServer({ SMTP_URL: smtp.url, MAIL_FROM: 'Arena <replay@venue.example>', NODE_EXTRA_CA_CERTS: certFile });
  const api = await AdminApi.login(server);
  const { venue } = await api.request<{ venue: { id: number } }>('POST', '/venue/create', { name: 'Arena Lima', location: 'Medan' });
  await api.request('POST', '/admin/create', { ...VENUE_ADMIN, role: 'admin', venueId: venue.id });
  await api.request('POST', '/device/register', { deviceId: KIOSK, venueId: venue.id });
  await api.request('PUT', '/device/authorize', { deviceId: KIOSK, isAuthorized: true });
  await api.setConfig('ENABLE_PAYMENT_GATEWAY', 'false');

  // A free purchase to a mistyped address; the kiosk saves its link and the e-mail goes there.
  const res = await asKiosk('POST', '/transaction', {
    email: 'rally.fan@gmial.com',
    videoIds: ['1-a'],
    videoTitles: ['a'],
    totalAmount: 0,
  });
  expect(res.status).toBe(201);
  purchaseId = ((await res.json()) as { transaction: { id: string } }).transaction.id;
  const folder = await asKiosk('POST', '/google-drive/create-folder', { folderName: 'videos_test_1video', purchaseId });
  ({ folderUrl } = (await folder.json()) as { folderUrl: string });
  expect((await asKiosk('PUT', `/transaction/${purchaseId}/zipUrl`, { zipUrl: folderUrl, error: false })).ok).toBe(true);

  browser = await launchBrowser();
  page = await (await newKioskContext(browser, server.url, { viewport: { width: 1600, height: 900 } })).newPage();
  dashboard = await loginAs(page, VENUE_ADMIN.email, VENUE_ADMIN.password);
  transactions = new AdminTransactionsTab(page);
  await dashboard.openTab('transactions');
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await smtp?.close();
});

test('the venue admin corrects the e-mail in the row, and Resend delivers to the new address', async () => {
  await expect.poll(() => smtp.received.length, { timeout: 15_000 }).toBe(1);
  expect(smtp.received[0]!.to).toEqual(['rally.fan@gmial.com']);
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
  expect(smtp.received).toHaveLength(2);
  expect(smtp.received[1]!.to).toEqual(['rally.fan@gmail.com']);
  expect(smtp.received[1]!.text).toContain('Watch and download your clips');
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
  // The figures stay; no action is left on an erased purchase.
  expect(cells[4]).toBe('Rp 0');
  expect(await transactions.row(purchaseId).getByRole('button').count()).toBe(0);
  // The clips' folder is gone from storage: its share page no longer lists anything.
  expect((await fetch(folderUrl)).status).toBe(404);
});

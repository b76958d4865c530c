// The Integrations panel (Storage Quota tab) and the credential alerts in the Errors tab, against
// the real server with SMTP pointed at a loopback SMTP server (STARTTLS, self-signed certificate
// trusted through NODE_EXTRA_CA_CERTS) with a wrong password in SMTP_URL.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { INTEGRATION_MESSAGES, MESSAGES, STORAGE_TEST_CHUNK_BYTES } from '@courtreplay/shared';
import { newKioskContext, SUPER_ADMIN, useRig, useSmtpSink } from './support/index.ts';
import type { AdminDashboardPage } from './pages/admin-dashboard-page.ts';
import { loginAs } from './pages/admin-session.ts';
import { AdminIntegrationsPanel } from './pages/admin-integrations-panel.ts';
import { AdminErrorsTab } from './pages/admin-errors-tab.ts';

const T = MESSAGES.integrations;

let page: Page;
let dashboard: AdminDashboardPage;
let panel: AdminIntegrationsPanel;
/** Stands in for a storage's test upload session: '/cors' answers the browser, '/no-cors' does not. */
let uploadTarget: Server;
const uploads: { path: string; range: string | undefined; bytes: number }[] = [];

function startUploadTarget(): Promise<string> {
  uploadTarget = createServer((req, res) => {
    const cors = req.url?.startsWith('/cors');
    if (cors) {
      res.setHeader('Access-Control-Allow-Origin', req.headers.origin ?? '*');
      res.setHeader('Access-Control-Allow-Methods', 'PUT');
      res.setHeader('Access-Control-Allow-Headers', 'Content-Range, Content-Type');
    }
    if (req.method === 'OPTIONS') return void res.writeHead(cors ? 204 : 404).end();
    let bytes = 0;
    req.on('data', (c: Buffer) => (bytes += c.length));
    req.on('end', () => {
      uploads.push({ path: req.url ?? '', range: req.headers['content-range'], bytes });
      res.writeHead(200, { 'Content-Type': 'application/json' }).end('{}');
    });
  });
  return new Promise((done) =>
    uploadTarget.listen(0, '127.0.0.1', () => done(`http://127.0.0.1:${(uploadTarget.address() as AddressInfo).port}`)),
  );
}

const smtp = useSmtpSink({ auth: { user: 'replay@venue.example', pass: 'the-right-one' } });

afterAll(async () => {
  await new Promise((done) => (uploadTarget ? uploadTarget.close(done) : done(undefined)));
});

const { server, browser } = useRig({
  env: () => smtp.env((sink) => sink.urlWith('replay@venue.example', 'a-wrong-one')),
});

beforeAll(async () => {
  // The loopback upload target stands in for Drive, whose origin the CSP's connect-src names; the
  // CSP is set aside so that only the target's CORS answer decides, as Drive's does.
  const context = await newKioskContext(browser, server.url, { viewport: { width: 1440, height: 900 }, bypassCSP: true });
  page = await context.newPage();
  dashboard = await loginAs(page, SUPER_ADMIN.email, SUPER_ADMIN.password);
  await dashboard.openTab('storageQuota');
  panel = new AdminIntegrationsPanel(page);
});

test('shows each integration with its active adapter, never tested yet', async () => {
  await panel.card('mail').waitFor();
  expect(await panel.adapter('payments').textContent()).toBe('simulator');
  expect(await panel.adapter('storage').textContent()).toBe('local');
  expect(await panel.adapter('mail').textContent()).toBe('smtp');
  expect(await panel.lastSuccess('payments').textContent()).toBe(T.never);
  expect(await panel.lastError('mail').textContent()).toBe(T.none);
});

test('Test connection on payments says the simulator is active, and records the success', async () => {
  expect(await panel.test('payments')).toEqual({ ok: true, text: INTEGRATION_MESSAGES.simulatorActive });
  await expect.poll(() => panel.lastSuccess('payments').textContent()).not.toBe(T.never);
});

test('Test connection on mail with a wrong SMTP password shows the refusal plainly, and the Errors tab shows one alert', async () => {
  const result = await panel.test('mail');
  expect(result.ok).toBe(false);
  expect(result.text).toContain(INTEGRATION_MESSAGES.smtpRefusedLogin);
  expect(result.text).toContain('535');
  expect(smtp.sink.received).toHaveLength(0);
  expect(smtp.sink.authAttempts.every((a) => a.secure)).toBe(true);
  await expect.poll(() => panel.lastError('mail').textContent()).toContain(INTEGRATION_MESSAGES.smtpRefusedLogin);

  await panel.test('mail');
  await dashboard.openTab('errors');
  const alerts = new AdminErrorsTab(page).rows('credential_alert');
  await alerts.first().waitFor();
  expect(await alerts.count()).toBe(1);
  expect(await alerts.first().textContent()).toContain(INTEGRATION_MESSAGES.smtpAuthAdvice);
  expect(server.output()).toContain('smtp_auth_failed');
  await dashboard.openTab('storageQuota');
});

test('storage: the panel PUTs one 256 KiB chunk from the browser to the test session and says whether it could', async () => {
  const target = await startUploadTarget();
  const answerWith = (uploadUrl: string) =>
    page.route('**/api/admin/integrations/storage/test', (route) =>
      route.fulfill({ json: { ok: true, message: 'Drive answered', details: { uploadUrl } } }),
    );

  await answerWith(`${target}/cors/session-1`);
  expect(await panel.test('storage')).toEqual({ ok: true, text: 'Drive answered' });
  expect(await panel.browserUpload('storage').textContent()).toBe(T.browserUploadOk);
  const size = STORAGE_TEST_CHUNK_BYTES;
  expect(uploads).toEqual([{ path: '/cors/session-1', range: `bytes 0-${size - 1}/${size}`, bytes: size }]);

  await page.unroute('**/api/admin/integrations/storage/test');
  await answerWith(`${target}/no-cors/session-2`);
  await panel.test('storage');
  expect(await panel.browserUpload('storage').getAttribute('data-ok')).toBe('false');
  expect(await panel.browserUpload('storage').textContent()).toContain('CORS');
  await page.unroute('**/api/admin/integrations/storage/test');
});

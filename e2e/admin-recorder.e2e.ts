// The venue's recorder in the back-office: a court's Camera field in the Venues tab (hints, the
// keyframe note, the password hidden while typed and never shown back) and the Devices tab's Add
// recorder (the token once, inside the commands for each system, copied or downloaded as shown), its
// cameras' states (red when offline) and Remove.
import { readFileSync } from 'node:fs';
import { beforeAll, expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { MESSAGES, RECORDER_MESSAGES, RECORDER_SETUP_WORDS, recorderSetup } from '@courtreplay/shared';
import { newKioskContext, SUPER_ADMIN, useRig } from './support/index.ts';
import { loginAs } from './pages/admin-session.ts';
import type { AdminDashboardPage } from './pages/admin-dashboard-page.ts';
import { AdminVenuesTab } from './pages/admin-venues-tab.ts';
import { AdminDevicesTab } from './pages/admin-devices-tab.ts';
import { AdminErrorsTab } from './pages/admin-errors-tab.ts';

const R = MESSAGES.recorders;
const PASSWORD = 'Kata$andi9';
const REASON = 'The clips folder C:\\CourtReplay\\clips\\Court 2 cannot be written (EPERM: operation not permitted).';

const { server, browser, admin: api } = useRig({ admin: true });
let page: Page;
let dashboard: AdminDashboardPage;
let venueId: number;

beforeAll(async () => {
  venueId = (await api.call('createVenue', { body: { name: 'Arena Senayan', location: 'Jakarta' } })).venue.id;
  await api.call('createField', { body: { venueId, name: 'Court 2' } });
  const context = await newKioskContext(browser, server.url, {
    viewport: { width: 1440, height: 900 },
    permissions: ['clipboard-read', 'clipboard-write'],
  });
  page = await context.newPage();
  dashboard = await loginAs(page, SUPER_ADMIN.email, SUPER_ADMIN.password);
});

test('the Camera field refuses an http address; a pasted rtsp one hands its password to a hidden field, and comes back as ****', async () => {
  await dashboard.openTab('venueManagement');
  const venues = new AdminVenuesTab(page);
  await venues.selectVenue('Arena Senayan');
  expect(await venues.camera('Court 2').textContent()).toContain(R.noCamera);

  await venues.setCamera('Court 2', 'http://192.168.1.64/stream');
  await venues.text(RECORDER_MESSAGES.cameraUrlScheme).waitFor();
  const form = venues.cameraForm('Court 2');
  const text = await form.textContent();
  for (const hint of [
    'Hikvision',
    '/Streaming/Channels/101',
    'Dahua',
    '/cam/realmonitor?channel=1&subtype=0',
    'Reolink',
    '/h264Preview_01_main',
    R.keyframeNote,
  ])
    expect(text).toContain(hint);

  // The whole URL pasted into the address: its user name and password move to their own fields.
  await form.getByLabel(R.cameraLabel('Court 2')).fill(`rtsp://admin:${PASSWORD}@192.168.1.64:554/Streaming/Channels/101`);
  expect(await form.getByLabel(R.cameraLabel('Court 2')).inputValue()).toBe('rtsp://192.168.1.64:554/Streaming/Channels/101');
  expect(await form.getByLabel(R.cameraUser).inputValue()).toBe('admin');
  const password = form.getByLabel(R.cameraPassword);
  expect(await password.inputValue()).toBe(PASSWORD);
  expect(await password.getAttribute('type')).toBe('password');
  await form.getByRole('button', { name: R.showPassword }).click();
  expect(await password.getAttribute('type')).toBe('text');
  await form.getByRole('button', { name: R.hidePassword }).click();
  expect(await password.getAttribute('type')).toBe('password');

  // The sub-stream, for the phones' previews: the same camera, so the same user name and password.
  expect(text).toContain('/Streaming/Channels/102');
  await form.getByLabel(R.subStreamLabel).fill('rtsp://192.168.1.64:554/Streaming/Channels/102');

  await form.getByRole('button', { name: R.saveCamera }).click();
  await venues.camera('Court 2').getByText('rtsp://admin:****@192.168.1.64:554/Streaming/Channels/101').waitFor();
  await venues.camera('Court 2').getByText(R.subStreamShown('rtsp://admin:****@192.168.1.64:554/Streaming/Channels/102')).waitFor();
  expect(await page.content()).not.toContain(PASSWORD);
});

test('Add recorder shows the token once in the commands for each system; a camera whose clips fail shows red with the reason and is in the Errors tab; Remove revokes it', async () => {
  await dashboard.openTab('devices');
  const devices = new AdminDevicesTab(page);
  await devices.addRecorder('Arena Senayan', 'Kiosk PC');
  const W = RECORDER_SETUP_WORDS.en;
  // Windows first: recorder.cmd, as recorderSetup makes it for this server and the new token, also as a file.
  const script = (await devices.recorderStep('windows', 'script').textContent()) ?? '';
  const token = /RECORDER_TOKEN=([\w-]+)/.exec(script)?.[1] ?? '';
  const setup = recorderSetup({ serverUrl: new URL(page.url()).origin, token });
  expect(script).toBe(setup.windows.script);
  // This page was opened at a loopback address, which the recorder's PC cannot reach: it says so.
  expect(await devices.recorders().getByTestId('recorder-own-computer').textContent()).toBe(W.ownComputer(new URL(page.url()).origin));
  const file = await devices.recorders().getByRole('link', { name: W.downloadScript }).getAttribute('href');
  expect(decodeURIComponent(file!.slice(file!.indexOf(',') + 1))).toBe(setup.windows.script);
  // Linux: the command the recorder's tests run, copied as it is.
  await devices.recorders().getByRole('tab', { name: W.systems.linux }).click();
  expect(await devices.recorderStep('linux', 'run').textContent()).toBe(setup.linux.run);
  await devices.copyButton('linux', 'run').click();
  await devices.recorders().getByRole('status').getByText(W.copied).waitFor();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(setup.linux.run);
  // The recorder's one file, through the page's link.
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    devices.recorders().getByRole('link', { name: W.downloadRecorder }).click(),
  ]);
  expect(download.suggestedFilename()).toBe('recorder.mjs');
  expect(readFileSync(await download.path(), 'utf8')).toContain('CourtReplay recorder');

  // The recorder, as it would: reads its setup with the token and reports that Court 2's clips fail.
  const asRecorder = (path: string, init: RequestInit = {}) =>
    fetch(`${server.url}${path}`, { ...init, headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' } });
  const served = (await (await asRecorder('/api/recorder/setup')).json()) as {
    courts: { fieldId: number; camera: { url: string; subUrl: string | null } | null }[];
  };
  expect(served.courts[0]!.camera?.url).toContain(encodeURIComponent(PASSWORD));
  expect(served.courts[0]!.camera?.subUrl).toBe(served.courts[0]!.camera?.url.replace('/101', '/102'));
  const fieldId = served.courts[0]!.fieldId;
  const since = new Date().toISOString();
  const report = await asRecorder('/api/recorder/status', {
    method: 'POST',
    body: JSON.stringify({
      cameras: [{ fieldId, state: 'clips-failing', since, lastSegmentAt: since, bufferSeconds: 60, message: REASON }],
    }),
  });
  expect(report.status).toBe(200);

  const state = devices.recorderRow('Kiosk PC').getByTestId('camera-state');
  await state.and(page.locator('[data-state=clips-failing]')).waitFor();
  expect(await state.textContent()).toContain(R.cameraState('Court 2', R.states['clips-failing']));
  expect(await state.textContent()).toContain(REASON);
  expect(await state.textContent()).toContain(R.reasons['folder-not-writable'].what);
  const color = await state.locator('.badge').evaluate((el) => getComputedStyle(el).color);
  expect(color).toBe('rgb(198, 40, 40)');

  // The token is shown once: after Done it is gone from the page.
  await devices.recorders().getByRole('button', { name: R.done }).click();
  expect(await page.content()).not.toContain(token);

  // The Errors tab lists it at once, in words an owner can act on.
  await dashboard.openTab('errors');
  const failing = new AdminErrorsTab(page).rows('clips_failing');
  await failing.waitFor();
  expect(await failing.textContent()).toContain(REASON);
  expect(await failing.textContent()).toContain(R.reasons['folder-not-writable'].todo);
  await dashboard.openTab('devices');

  await devices.recorderRow('Kiosk PC').getByRole('button', { name: R.remove }).click();
  await devices.recorderRow('Kiosk PC').getByRole('button', { name: MESSAGES.dashboard.yes }).click();
  await devices.recorders().getByText(RECORDER_MESSAGES.removed).waitFor();
  expect((await asRecorder('/api/recorder/setup')).status).toBe(401);
});

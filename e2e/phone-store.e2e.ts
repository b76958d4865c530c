// The phone that marked a rally is its store, in a real Chromium at a phone's size. The venue's
// recorder is played through its HTTP contract by the test recorder, with files made by ffmpeg:
// a tap shows the rally being cut and sent, then its preview playing; two rallies pay at the tier
// price on the simulator's page (a second Pay opens no second order), and the clips play and
// download; a payment settled after the phone was closed shows on its next visit; a clip still on
// its way when paid plays once there; a tap while the recorder is offline is saved; another phone
// sees none of it; and erasing removes the clip, its preview and the upload. The rules behind each
// step are proved in Vitest (sync-server/src/phone-store/); this file proves the wiring.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { MESSAGES, serializePromoTable } from '@courtreplay/shared';
import { newKioskContext, simulatePayment, useRig } from './support/index.ts';
import { PhonePage } from './pages/phone-page.ts';
import { PhoneStorePage, simulatorPays } from './pages/phone-store-page.ts';
import { markedClipFiles } from '@courtreplay/sync-server/testing/marked-clip-files';
import { testRecorder, type TestRecorder } from '@courtreplay/sync-server/testing/test-recorder';

const T = MESSAGES.store;
const CAMERA = 'rtsp://recorder:secret@192.168.1.64:554/Streaming/Channels/101';
const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, acceptDownloads: true } as const;

const { server, browser, admin: api } = useRig({ admin: true });
let files: ReturnType<typeof markedClipFiles>;
let recorder: TestRecorder;
let courts: { id: number; code: string }[];
let heartbeat: ReturnType<typeof setInterval>;
let context: BrowserContext;
let page: Page;
let store: PhoneStorePage;
let cursor = '0';

/** The recorder's report: both courts' cameras recording (its heartbeat: the venue is online). */
const beat = () => recorder.reportRecording(courts.map((c) => c.id));

/** The mark the recorder hears of next (its long-poll). */
async function nextMark(): Promise<number> {
  const answer = await recorder.marks(cursor);
  cursor = answer.cursor;
  return answer.marks.at(-1)!.id;
}

/**
 * One phone marks once per 20 s, and a court once per 10 s: the marks so far are moved 30 s back
 * rather than waiting (the rules themselves are court-marks.test.ts's).
 */
async function later(): Promise<void> {
  const back = new Date(Date.now() - 30_000).toISOString();
  await server.execute('UPDATE court_marks SET "markedAt" = ? WHERE "markedAt" > ?', [back, back]);
}

/** A tap from the phone's own cookie without a page load (the page's form posts the same). */
async function tapBy(phone: BrowserContext, court: { code: string }): Promise<number> {
  await later();
  expect((await phone.request.post(`${server.url}/c/${court.code}/mark`, { form: { lang: 'en' } })).status()).toBe(200);
  return nextMark();
}

beforeAll(async () => {
  files = markedClipFiles();
  const venueId = (await api.call('createVenue', { body: { name: 'Arena Senayan', location: 'Jakarta' } })).venue.id;
  courts = [];
  for (const name of ['Court 1', 'Court 2']) {
    const { field } = await api.call('createField', { body: { name, venueId } });
    await api.call('setFieldCamera', { params: { id: field.id }, body: { url: CAMERA } });
    const markUrl = (await api.call('listFields', { params: { venueId } })).find((f) => f.id === field.id)!.markUrl!;
    courts.push({ id: field.id, code: markUrl.split('/c/')[1]! });
  }
  await api.setConfig('DEFAULT_PRICE', '15000');
  await api.setConfig('PROMO_TABLE', serializePromoTable([{ QUANTITY: 2, PRICE: 12_000, ENABLED: true }]));
  const { token } = await api.call('createRecorder', { body: { venueId, name: 'Recorder' } });
  recorder = testRecorder({ baseUrl: server.url, token });
  await beat();
  // The recorder reports every few seconds, as a real one does every 10 s.
  heartbeat = setInterval(() => void beat().catch(() => undefined), 5_000);
  await recorder.marks();
  context = await newKioskContext(browser, server.url, PHONE);
  page = await context.newPage();
  store = new PhoneStorePage(page);
});
afterAll(() => clearInterval(heartbeat));

const shared: { first?: number; second?: number; token?: string } = {};

test('a tap shows the rally being cut and sent, then its preview playing, muted and looping', async () => {
  await store.open(courts[0]!.code);
  await store.mark();
  expect(await store.answer().textContent()).toMatch(/^Marked \d\d:\d\d on Court 1\. Your rally appears below/);
  const rally = await nextMark();
  expect(await store.line(rally).textContent()).toBe(T.cutting);
  await recorder.report(rally, { state: 'cutting' });
  await recorder.send(rally, 'preview', files.preview);
  await recorder.report(rally, {
    state: 'uploading',
    bytesSent: files.preview.length,
    bytesTotal: files.preview.length + files.clip.length,
  });
  await expect.poll(() => store.line(rally).textContent(), { timeout: 15_000 }).toMatch(/^Sending your clip: /);
  await expect.poll(() => store.previewTime(rally), { timeout: 15_000 }).toBeGreaterThan(0);
  expect(await store.preview(rally).evaluate((v: HTMLVideoElement) => [v.muted, v.loop, v.controls])).toEqual([true, true, false]);
  expect(await store.previewBadge(rally).textContent()).toBe(T.preview);
  await recorder.send(rally, 'clip', files.clip, { durationMs: files.durationMs });
  await recorder.report(rally, { state: 'ready' });
  await expect.poll(() => store.line(rally).textContent(), { timeout: 15_000 }).toBe(T.ready);
  expect(await store.rally(rally).locator('.len').textContent()).toBe('4 s');
  shared.first = rally;
});

test('two rallies pay once at the tier price; a second Pay opens no second order; the clips play and download', async () => {
  const second = await tapBy(context, courts[1]!);
  await recorder.deliver(second, files);
  await store.open(courts[0]!.code);
  await expect.poll(() => store.rallies().count(), { timeout: 15_000 }).toBe(2);
  await expect.poll(() => store.line(second).textContent(), { timeout: 15_000 }).toBe(T.ready);
  await store.tick(shared.first!).check();
  await store.tick(second).check();
  expect(await store.total().textContent()).toBe('Rp 24.000');
  expect(await store.payButton().textContent()).toBe('Pay Rp 24.000');
  await Promise.all([page.waitForURL(/\/api\/payment\/simulator\/.+\/pay$/), store.payButton().click()]);
  const payPage = page.url();

  // The back button, and Pay again: the same order's payment page, never a second one.
  await page.goBack();
  await expect.poll(() => store.waitingOrder().textContent(), { timeout: 15_000 }).toBe(T.pendingOrder('Rp 24.000'));
  await store.pay([shared.first!, second]);
  expect(page.url()).toBe(payPage);
  expect((await api.call('listPurchases', { query: {} })).transactions).toHaveLength(1);

  await simulatorPays(page);
  const phone = new PhonePage(page);
  await expect.poll(() => phone.videos().count(), { timeout: 15_000 }).toBe(2);
  expect(await phone.play(0)).toBeGreaterThan(0.3);
  const downloading = page.waitForEvent('download');
  await phone.downloadButtons().nth(1).click();
  expect(readFileSync((await (await downloading).path())!).equals(files.clip)).toBe(true);
  shared.second = second;
  shared.token = new URL(page.url()).pathname.split('/')[2];
});

test('a payment settled after the phone was closed shows as bought on its next visit', async () => {
  const rally = await tapBy(context, courts[0]!);
  await recorder.deliver(rally, files);
  await store.open(courts[0]!.code);
  await expect.poll(() => store.line(rally).textContent(), { timeout: 15_000 }).toBe(T.ready);
  await store.pay([rally]);
  const paymentToken = decodeURIComponent(page.url().split('/simulator/')[1]!.split('/pay')[0]!);
  await page.close();
  await simulatePayment(server, paymentToken);
  page = await context.newPage();
  store = new PhoneStorePage(page);
  await store.open(courts[0]!.code);
  await expect.poll(() => store.line(rally).textContent(), { timeout: 15_000 }).toBe(T.bought);
  expect(await store.watch(rally).getAttribute('href')).toMatch(/^\/p\//);
});

test('a clip still on its way when paid says how far it is, and plays once it is there', async () => {
  const rally = await tapBy(context, courts[1]!);
  await recorder.send(rally, 'preview', files.preview);
  await recorder.send(rally, 'clip', files.clip, { breakAfterBytes: 256 * 1024 });
  await recorder.report(rally, {
    state: 'uploading',
    bytesSent: 256 * 1024 + files.preview.length,
    bytesTotal: files.preview.length + files.clip.length,
  });
  await store.open(courts[1]!.code);
  await expect.poll(() => store.line(rally).textContent(), { timeout: 15_000 }).toMatch(/^Sending your clip: /);
  await store.pay([rally]);
  await simulatorPays(page);
  const phone = new PhonePage(page);
  expect(await page.locator('#progress').textContent()).toContain('Clip 1 is still on its way from the venue');
  await recorder.send(rally, 'clip', files.clip);
  await expect.poll(() => phone.videos().count(), { timeout: 15_000 }).toBe(1);
});

test('a tap while the venue’s recorder is offline is saved, takes no money, and offers a message for when it is back', async () => {
  clearInterval(heartbeat);
  // Its last report a minute ago: silent (rather than waiting 30 s of real time).
  await server.execute('UPDATE recorders SET "lastSeenAt" = ?', [new Date(Date.now() - 60_000).toISOString()]);
  await store.open(courts[0]!.code);
  await later();
  await store.mark();
  expect(await store.answer().textContent()).toMatch(/The venue is offline right now: your rally is saved/);
  const rally = await nextMark();
  expect(await store.line(rally).textContent()).toBe(T.offline);
  expect(await store.tick(rally).isHidden()).toBe(true);
  expect(await store.venueNote().isVisible()).toBe(true);
  await store.notifyForm().locator('input[name=email]').fill('player@example.com');
  await store.notifyForm().getByRole('button', { name: T.notifySend }).click();
  await expect.poll(() => page.locator('#notify-message').textContent()).toBe(T.notifySaved);
  await beat();
  heartbeat = setInterval(() => void beat().catch(() => undefined), 5_000);
  await recorder.deliver(rally, files);
  await expect.poll(() => server.outbox().filter((m) => m.text.includes(T.readyNoticeSubject)).length, { timeout: 15_000 }).toBe(1);
});

test('another phone sees none of this phone’s rallies or previews', async () => {
  const other = await newKioskContext(browser, server.url, PHONE);
  const otherPage = await other.newPage();
  const theirs = new PhoneStorePage(otherPage);
  await theirs.open(courts[0]!.code);
  expect(await theirs.emptyList().textContent()).toBe(T.noRallies);
  expect((await other.request.get(`${server.url}/c/${courts[0]!.code}/rallies/${shared.first}/preview`)).status()).toBe(404);
  expect((await context.request.get(`${server.url}/c/${courts[0]!.code}/rallies/${shared.first}/preview`)).status()).toBe(200);
  await other.close();
});

test('erasing the purchase removes the clip, its preview and the upload', async () => {
  const [sale] = (await api.call('listPurchases', { query: {} })).transactions.filter((t) => t.videoIds.includes(`mark-${shared.first}`));
  const { folderUrl } = await api.call('purchaseTimeline', { params: { id: sale!.id } });
  const purchaseFolder = join(server.dataDir, 'drive', folderUrl!.split('/d/')[1]!);
  expect(existsSync(purchaseFolder)).toBe(true);
  const named = (name: string) => server.storedFiles().filter((f) => f.endsWith(`/${name}`)).length;
  const before = { clips: named('clip.mp4'), previews: named('preview.mp4') };
  await api.call('erasePurchase', { params: { id: sale!.id } });
  // Its own folder of copies, and both marks' uploads: each clip and its preview.
  expect(existsSync(purchaseFolder)).toBe(false);
  expect({ clips: named('clip.mp4'), previews: named('preview.mp4') }).toEqual({ clips: before.clips - 2, previews: before.previews - 2 });
  expect((await context.request.get(`${server.url}/c/${courts[0]!.code}/rallies/${shared.first}/preview`)).status()).toBe(404);
  await store.open(courts[0]!.code);
  expect(await store.line(shared.first!).textContent()).toBe(T.removed);
});

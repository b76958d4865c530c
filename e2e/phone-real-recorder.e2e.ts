// The phone's store against the real recorder, in a real Chromium at a phone's size: a demo camera
// (the low-resolution test pattern `npm run demo:cameras --small` publishes) on a court, the
// recorder started as a venue starts it (the one file the server offers, its token from the
// back-office), a tap on "Mark this moment" on the court's poster page, the rally's preview
// playing, the simulator's payment, the full clip playing on the purchase's page as an mp4 ffprobe
// reads, and the sale in the Transactions list as sold on a phone at that court. phone-store.e2e.ts proves
// each step's variants with a test recorder; this file proves the real one is wired to them.
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { MESSAGES, RECORDER_DOWNLOAD_PATH } from '@courtreplay/shared';
import { startRtspServer, type RtspServer } from '@courtreplay/recorder/testing/rtsp-server';
import { publishCamera, type SyntheticCamera } from '../recorder/src/testing/cameras.ts';
import { newKioskContext, PHONE, useRig } from './support/index.ts';
import { PhonePage } from './pages/phone-page.ts';
import { PhoneStorePage, simulatorPays } from './pages/phone-store-page.ts';

const T = MESSAGES.store;
const CAMERA_LOGIN = { user: 'demo', password: 'demo-camera' };
// Short windows keep the clip, and the CPU it costs, small: 2 s before the tap and 1 s after.
const MARK = { before: 2, after: 1 };
// Bounded, generous waits: the recorder's ffmpeg shares two busy cores with other files.
const READY_MS = 60_000;

const { server, browser, admin: api } = useRig({ admin: true });
let rtsp: RtspServer;
let camera: SyntheticCamera;
let recorder: ChildProcess;
let recorderOutput = '';
let folder: string;
let court: { id: number; code: string };

/**
 * The recorder as a venue runs it: the one file the server offers (RECORDER_DOWNLOAD_PATH),
 * downloaded into its folder and started with Node and its settings in the environment.
 */
async function startRecorder(token: string): Promise<ChildProcess> {
  const download = await fetch(`${server.url}${RECORDER_DOWNLOAD_PATH}`);
  expect(download.status).toBe(200);
  writeFileSync(join(folder, 'recorder.mjs'), Buffer.from(await download.arrayBuffer()));
  const child = spawn(process.execPath, ['recorder.mjs'], {
    cwd: folder,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...process.env,
      SERVER_URL: server.url,
      RECORDER_TOKEN: token,
      CLIPS_DIR: 'clips',
      CLIP_SECONDS: '0',
      MARK_BEFORE_SECONDS: String(MARK.before),
      MARK_AFTER_SECONDS: String(MARK.after),
      MIN_FREE_MB: '0',
    },
  });
  for (const stream of [child.stdout!, child.stderr!]) stream.on('data', (chunk: Buffer) => (recorderOutput += String(chunk)));
  return child;
}

/** What ffprobe reads of a file: its container, first video stream's codec and length in seconds. */
function probe(path: string): { format: string; codec: string; seconds: number } {
  const out = execFileSync(
    'ffprobe',
    ['-v', 'error', '-show_entries', 'format=format_name,duration:stream=codec_name', '-of', 'json', path],
    {
      encoding: 'utf8',
    },
  );
  const { format, streams } = JSON.parse(out) as { format: { format_name: string; duration: string }; streams: { codec_name: string }[] };
  return { format: format.format_name, codec: streams[0]?.codec_name ?? '', seconds: Number(format.duration) };
}

/** The recorder's log, for a failure's message. */
const explained = (what: string) => `${what}\n--- recorder log ---\n${recorderOutput.slice(-4_000)}`;

beforeAll(async () => {
  folder = mkdtempSync(join(tmpdir(), 'courtreplay-phone-recorder-'));
  rtsp = await startRtspServer({ credentials: CAMERA_LOGIN, paths: 1 });
  camera = publishCamera(rtsp, 'court1');
  const venueId = (await api.call('createVenue', { body: { name: 'Arena Senayan', location: 'Jakarta' } })).venue.id;
  const { field } = await api.call('createField', { body: { name: 'Court 1', venueId } });
  await api.call('setFieldCamera', { params: { id: field.id }, body: { url: rtsp.url('court1', CAMERA_LOGIN) } });
  const markUrl = (await api.call('listFields', { params: { venueId } })).find((f) => f.id === field.id)!.markUrl!;
  court = { id: field.id, code: markUrl.split('/c/')[1]! };
  await api.setConfig('DEFAULT_PRICE', '15000');
  const { token } = await api.call('createRecorder', { body: { venueId, name: 'Front desk PC' } });
  recorder = await startRecorder(token);
});

afterAll(async () => {
  if (recorder && recorder.exitCode === null) {
    const exited = new Promise((resolve) => recorder.once('exit', resolve));
    recorder.kill('SIGTERM');
    await exited;
  }
  camera?.kill();
  await rtsp?.close();
  if (folder) rmSync(folder, { recursive: true, force: true });
});

test(
  'a tap on the court’s page shows the real recorder’s preview; paid on the simulator, the full clip plays and is in the books as sold on a phone',
  async () => {
    // The venue is online and the court's camera recording once the Devices listing says so.
    await expect
      .poll(
        async () => {
          const { recorders } = await api.call('listRecorders', {});
          return recorders.flatMap((r) => r.cameras).find((c) => c.fieldId === court.id)?.state;
        },
        { timeout: READY_MS, interval: 500, message: explained('the court’s camera recording') },
      )
      .toBe('recording');
    const context = await newKioskContext(browser, server.url, PHONE);
    const page = await context.newPage();
    const store = new PhoneStorePage(page);
    await store.open(court.code);
    await store.mark();
    expect(await store.answer().textContent()).toMatch(/^Marked \d\d:\d\d on Court 1\. Your rally appears below/);
    await expect.poll(() => store.rallies().count(), { timeout: 15_000 }).toBe(1);
    const rally = Number(await store.rallies().first().getAttribute('data-id'));

    // The preview plays inline, muted and looping, marked as one; then the clip is ready to buy.
    await expect.poll(() => store.previewTime(rally), { timeout: READY_MS, message: explained('the preview playing') }).toBeGreaterThan(0);
    expect(await store.preview(rally).evaluate((v: HTMLVideoElement) => [v.muted, v.loop])).toEqual([true, true]);
    expect(await store.previewBadge(rally).textContent()).toBe(T.preview);
    await expect.poll(() => store.line(rally).textContent(), { timeout: READY_MS, message: explained('the clip ready') }).toBe(T.ready);

    await store.pay([rally]);
    await simulatorPays(page);
    expect(new URL(page.url()).pathname).toMatch(/^\/p\/[A-Za-z0-9_-]+$/);
    const phone = new PhonePage(page);
    await expect.poll(() => phone.videos().count(), { timeout: 15_000 }).toBe(1);
    expect(await phone.play(0)).toBeGreaterThan(0.3);
    const shown = await phone
      .videos()
      .first()
      .evaluate((v: HTMLVideoElement) => v.duration);

    // What the phone downloads is the clip the recorder cut into the venue's clips folder, byte for
    // byte (not its preview): an H.264 mp4 of the mark's window.
    const downloading = page.waitForEvent('download');
    await phone.downloadButtons().first().click();
    const file = (await (await downloading).path())!;
    const cut = readdirSync(join(folder, 'clips', 'Court 1')).filter((f) => f.endsWith(' marked.mp4'));
    expect(cut).toHaveLength(1);
    expect(readFileSync(file).equals(readFileSync(join(folder, 'clips', 'Court 1', cut[0]!)))).toBe(true);
    const clip = probe(file);
    expect([clip.format, clip.codec]).toEqual(['mov,mp4,m4a,3gp,3g2,mj2', 'h264']);
    expect(Math.abs(clip.seconds - (MARK.before + MARK.after))).toBeLessThanOrEqual(2);
    expect(Math.abs(shown - clip.seconds)).toBeLessThanOrEqual(0.5);

    const { transactions } = await api.call('listPurchases', { query: {} });
    expect(transactions.map((t) => [t.channel, t.fieldId, t.paymentStatus, t.totalAmount])).toEqual([['phone', court.id, 'paid', 15_000]]);
    await context.close();
  },
  4 * READY_MS,
);

// Each clip under its own title, checked by checksum: the player chose three clips
// in an order that is not their file names' order, the kiosk uploaded them (through the API, as it
// does) in yet another order; the phone page, the ZIP and the e-mail each give clip n's bytes under
// clip n's title. Real local storage, a real loopback SMTP server.
import { MESSAGES, sanitizeUploadName, SERVER_MESSAGES, videoIdFromFile, videoTitleFromFileName } from '@courtreplay/shared';
import { createHash } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import yauzl from 'yauzl';
import { bodyOf, makeAdapterTestApp, type AdapterTestApp } from '../adapters/testing/adapter-app.ts';
import { mp4Bytes } from '../adapters/testing/clips.ts';
import { startSmtpSink } from '../mail/testing/smtp-sink.ts';

const sha = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

/** The kiosk's folder: three files, chosen in this order (not the order of their names). */
const chosen = [
  { fileName: 'Padel_A_rally_003.mp4', at: 1_795_762_800_300, bytes: mp4Bytes(30_000) },
  { fileName: 'court-1 rally_001.MP4', at: 1_795_762_800_100, bytes: mp4Bytes(10_000) },
  { fileName: 'Court 1 rally 002.mp4', at: 1_795_762_800_200, bytes: mp4Bytes(20_000) },
].map((clip, i) => {
  const title = videoTitleFromFileName(clip.fileName);
  const extension = clip.fileName.slice(clip.fileName.lastIndexOf('.')).toLowerCase();
  // As the kiosk makes them: the spec's id, and the upload name from the title (pwa clip-files.ts uploadFileName).
  return { ...clip, id: videoIdFromFile(clip.at, clip.fileName), title, uploadName: sanitizeUploadName(`${title}${extension}`, i + 1) };
});

let t: AdapterTestApp;
let sink: Awaited<ReturnType<typeof startSmtpSink>>;
let kiosk: Record<string, string>;
let purchaseId: string;
let paymentToken: string;
let page: string;

beforeEach(async () => {
  sink = await startSmtpSink();
  t = await makeAdapterTestApp({ smtpUrl: sink.url, smtpCa: sink.ca, env: { PUBLIC_URL: 'https://replay.example' } });
  const venue = await t.seed.venue({ name: 'Arena Senayan' });
  kiosk = (await t.seed.device({ venueId: venue.id })).headers;
  const sale = await bodyOf(
    t.call(
      'createPurchase',
      {
        body: {
          email: 'player@example.com',
          videoIds: chosen.map((c) => c.id),
          videoTitles: chosen.map((c) => c.title),
          totalAmount: 3000,
        },
      },
      { headers: kiosk, raw: true },
    ),
  );
  purchaseId = sale.transaction.id;
  paymentToken = sale.payment.token;
  page = new URL(sale.phoneUrl as string).pathname;
});
afterEach(async () => {
  await t.delivery.idle();
  await t.close();
  await sink.close();
});

const local = (url: string) => url.replace('https://replay.example', '');

async function createFolder(): Promise<{ folderId: string; folderUrl: string }> {
  return bodyOf(
    t.call('createFolder', { body: { folderName: 'videos_2026-11-22_14-05-09_3videos', purchaseId } }, { headers: kiosk, raw: true }),
  );
}

/** One file through get-signed-url and the signed PUT, as the kiosk's uploader does; `hint`: the optional clip id. */
async function upload(folderId: string, name: string, bytes: Buffer, hint?: string): Promise<Response> {
  const asked = await t.call(
    'getSignedUrl',
    { body: { filename: name, mimeType: 'video/mp4', size: bytes.length, folderId, ...(hint ? { videoId: hint } : {}) } },
    { headers: kiosk, raw: true },
  );
  if (asked.status !== 200) return asked;
  const { uploadUrl } = await bodyOf(asked);
  const put = await t.app.request(local(uploadUrl as string), { method: 'PUT', headers: { 'Content-Type': 'video/mp4' }, body: bytes });
  expect(put.status).toBe(201);
  return put;
}

const pay = async () =>
  expect((await t.call('simulatePayment', { params: { token: paymentToken, outcome: 'success' } }, { raw: true })).status).toBe(200);

function unzip(bytes: Buffer): Promise<Map<string, Buffer>> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(bytes, { lazyEntries: true }, (err, zip) => {
      if (err || !zip) return reject(err ?? new Error('no zip'));
      const entries = new Map<string, Buffer>();
      zip.on('entry', (entry: yauzl.Entry) => {
        zip.openReadStream(entry, (e, stream) => {
          if (e || !stream) return reject(e ?? new Error('no entry'));
          const parts: Buffer[] = [];
          stream.on('data', (part: Buffer) => parts.push(part));
          stream.on('end', () => {
            entries.set(entry.fileName, Buffer.concat(parts));
            zip.readEntry();
          });
        });
      });
      zip.on('end', () => resolve(entries));
      zip.readEntry();
    });
  });
}

describe('each clip under its own title', () => {
  it('on the phone page, in the ZIP and in the e-mail, whatever order the files are named and uploaded in', async () => {
    const { folderId, folderUrl } = await createFolder();
    // Uploaded in another order again: the second chosen, the third, then the first.
    for (const i of [1, 2, 0]) await upload(folderId, chosen[i]!.uploadName, chosen[i]!.bytes);
    await pay();

    const state = await bodyOf(t.app.request(`${page}/state`));
    expect(state).toMatchObject({ status: 'ready', expected: 3 });
    expect(state.clips.map((c: { n: number; title: string }) => [c.n, c.title])).toEqual(chosen.map((c, i) => [i + 1, c.title]));
    const html = await (await t.app.request(page)).text();
    // The page lists them in the order chosen, each title beside its own clip.
    const list = html.slice(html.indexOf('<ol id="clips"'), html.indexOf('</ol>'));
    const listed = [...list.matchAll(/<li data-n="(\d+)">.*?<p class="title">([^<]*)<\/p>/g)].map((m) => [Number(m[1]), m[2]]);
    expect(listed).toEqual(chosen.map((c, i) => [i + 1, c.title]));

    for (const [i, clip] of chosen.entries()) {
      const res = await t.app.request(`${page}/clip/${i + 1}?download=1`);
      expect(sha(Buffer.from(await res.arrayBuffer()))).toBe(sha(clip.bytes));
      expect(res.headers.get('Content-Disposition')).toBe(`attachment; filename="0${i + 1}-${clip.title.replace(/ /g, '-')}.mp4"`);
    }

    const entries = await unzip(Buffer.from(await (await t.app.request(`${page}/all.zip`)).arrayBuffer()));
    expect([...entries.keys()]).toEqual(chosen.map((c, i) => `0${i + 1}-${c.title.replace(/ /g, '-')}.mp4`));
    expect([...entries.values()].map(sha)).toEqual(chosen.map((c) => sha(c.bytes)));

    await t.call(
      'updateZipUrl',
      { params: { id: purchaseId }, body: { zipUrl: folderUrl, error: false } },
      { headers: kiosk, status: 200 },
    );
    await t.delivery.idle();
    expect(sink.received).toHaveLength(1);
    const links = [...sink.received[0]!.decoded.matchAll(/<a data-role="clip-link" href="([^"]+)"[^>]*>([^<]+)<\/a>/g)];
    expect(links.map((l) => l[2])).toEqual(chosen.map((c) => c.title));
    for (const [i, link] of links.entries()) {
      const res = await t.app.request(local(link[1]!.replace(/&amp;/g, '&')));
      expect(sha(Buffer.from(await res.arrayBuffer()))).toBe(sha(chosen[i]!.bytes));
    }
  });

  it("pairs by the kiosk's optional clip id over the name, and refuses an id the purchase does not hold", async () => {
    const { folderId } = await createFolder();
    const refused = await upload(folderId, 'whatever.mp4', chosen[0]!.bytes, 'not-a-chosen-clip.mp4');
    expect(refused.status).toBe(400);
    expect((await bodyOf(refused)).message).toBe(SERVER_MESSAGES.storage.clipNotInPurchase);
    // Names that say nothing: only the hints pair them.
    for (const i of [2, 0, 1]) await upload(folderId, `upload-${i}.mp4`, chosen[i]!.bytes, chosen[i]!.id);
    await pay();
    for (const [i, clip] of chosen.entries()) {
      const res = await t.app.request(`${page}/clip/${i + 1}`);
      expect(sha(Buffer.from(await res.arrayBuffer()))).toBe(sha(clip.bytes));
    }
    expect((await bodyOf(t.app.request(`${page}/state`))).clips.map((c: { title: string }) => c.title)).toEqual(chosen.map((c) => c.title));
  });

  it('accepts, stores and serves an upload that matches no chosen clip, under its own file name, after the chosen ones', async () => {
    const { folderId } = await createFolder();
    const extra = mp4Bytes(5_000);
    await upload(folderId, 'Bonus_angle.mp4', extra);
    await upload(folderId, chosen[0]!.uploadName, chosen[0]!.bytes);
    await pay();
    const state = await bodyOf(t.app.request(`${page}/state`));
    expect(state.clips.map((c: { n: number; title: string }) => [c.n, c.title])).toEqual([
      [1, chosen[0]!.title],
      [4, 'Bonus angle'],
    ]);
    expect(state.progress).toBe(MESSAGES.phone.uploading(2, 3));
    expect(sha(Buffer.from(await (await t.app.request(`${page}/clip/4`)).arrayBuffer()))).toBe(sha(extra));
    expect((await t.app.request(`${page}/clip/2`)).status).toBe(404);
  });
});

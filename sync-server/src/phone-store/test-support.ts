// Shared set-up of the phone store's tests: the real app with its real adapters (the payment
// simulator, the storage the test names, the .eml outbox) served over HTTP on loopback, a venue
// with two courts that have cameras, a second venue, and the venue's recorder (a test recorder
// speaking its contract with real ffmpeg-made files). Phones are cookie jars making the requests
// a phone's browser makes.
import { serve, type ServerType } from '@hono/node-server';
import type { PhoneRalliesResponse } from '@courtreplay/shared';
import type { Server as HttpServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, beforeAll, beforeEach, expect } from 'vitest';
import { makeAdapterTestApp, type AdapterTestOptions } from '../adapters/testing/adapter-app.ts';
import { markedClipFiles, type MarkedClipFiles } from '../testing/marked-clip-files.ts';
import { testRecorder } from '../testing/test-recorder.ts';

const CAMERA = 'rtsp://recorder:secret@192.168.1.64:554/Streaming/Channels/101';

export async function storeWorld(options: AdapterTestOptions = {}) {
  // Each phone has its own address, as phones on mobile data do (the test's requests all come from loopback).
  const t = await makeAdapterTestApp({ ...options, env: { TRUSTED_PROXIES: '127.0.0.1', ...options.env } });
  const server: ServerType = serve({ fetch: t.app.fetch, port: 0, hostname: '127.0.0.1' });
  await new Promise<void>((done) => server.once('listening', done));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  // As PUBLIC_URL says in production: links and local upload URLs name this server.
  t.config.publicUrl = base;

  const venue = await t.seed.venue({ name: 'Arena Senayan' });
  const court1 = await t.seed.field({ venueId: venue.id, name: 'Court 1' });
  const court2 = await t.seed.field({ venueId: venue.id, name: 'Court 2' });
  const elsewhere = await t.seed.venue({ name: 'Arena Kemang' });
  const courtB = await t.seed.field({ venueId: elsewhere.id, name: 'Court B' });
  for (const court of [court1, court2, courtB])
    await t.db.updateTable('fields').set({ cameraUrl: CAMERA }).where('id', '=', court.id).execute();
  const superAdmin = await t.seed.admin({ role: 'super_admin' });
  const tokenFor = async (venueId: number, name: string) =>
    (await t.call('createRecorder', { body: { venueId, name } }, { headers: superAdmin.headers, status: 201 })).token;
  const recorderToken = await tokenFor(venue.id, 'Recorder');
  // Chunks of 1 MiB: a clip goes up in two PUTs (a test that breaks an upload off asks for smaller ones).
  const recorder = testRecorder({ baseUrl: base, token: recorderToken, chunkBytes: 1024 * 1024 });
  const otherRecorder = testRecorder({ baseUrl: base, token: await tokenFor(elsewhere.id, 'Recorder B') });
  const codeOf = async (fieldId: number) =>
    (await t.db.selectFrom('fields').select('courtCode').where('id', '=', fieldId).executeTakeFirstOrThrow()).courtCode!;

  /** The recorders report (their heartbeat) their cameras recording, so the venues are online and taps are promised a clip. */
  const heartbeat = async () => {
    const now = t.clock.now().getTime();
    await recorder.reportRecording([court1.id, court2.id], now);
    await otherRecorder.reportRecording([courtB.id], now);
  };
  await heartbeat();

  /** A phone's browser: its own cookie jar (cr_phone, path /c), or none. */
  const phone = (address = '10.9.9.9') => {
    let cookie = '';
    const send = async (path: string, init: RequestInit = {}) => {
      const res = await fetch(`${base}${path}`, {
        ...init,
        redirect: 'manual',
        headers: { ...(init.headers as Record<string, string>), Cookie: cookie, 'X-Forwarded-For': address },
      });
      const set = res.headers.get('Set-Cookie');
      if (set) cookie = set.split(';')[0]!;
      return res;
    };
    const json = (path: string, body: unknown) =>
      send(path, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
    return {
      send,
      open: (code: string) => send(`/c/${code}`),
      /** Taps "Mark this moment"; answers the id of the mark the phone now has. */
      async mark(code: string): Promise<number> {
        if (!cookie) await send(`/c/${code}`);
        const res = await send(`/c/${code}/mark`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
          body: '',
        });
        if (res.status !== 200) throw new Error(`mark answered ${res.status}`);
        const newest = await t.db.selectFrom('court_marks').select('id').orderBy('id', 'desc').executeTakeFirstOrThrow();
        return newest.id;
      },
      async rallies(code: string, lang = 'en'): Promise<PhoneRalliesResponse> {
        const res = await send(`/c/${code}/rallies?lang=${lang}`);
        if (res.status !== 200) throw new Error(`rallies answered ${res.status}`);
        return (await res.json()) as PhoneRalliesResponse;
      },
      buy: (code: string, body: Record<string, unknown>) => json(`/c/${code}/buy`, { language: 'en', ...body }),
      quote: (code: string, body: Record<string, unknown>) => json(`/c/${code}/quote`, body),
      notify: (code: string, body: Record<string, unknown>) => json(`/c/${code}/notify`, body),
      cancel: (code: string) => send(`/c/${code}/order/cancel`, { method: 'POST' }),
      preview: (code: string, markId: number) => send(`/c/${code}/rallies/${markId}/preview`),
    };
  };

  return {
    ...t,
    base,
    venue,
    court1,
    court2,
    elsewhere,
    courtB,
    superAdmin,
    recorder,
    recorderToken,
    otherRecorder,
    heartbeat,
    codeOf,
    phone,
    async close() {
      await t.delivery.idle();
      const closed = new Promise<void>((done) => server.close(() => done()));
      (server as Partial<HttpServer>).closeAllConnections?.();
      await closed;
      await t.close();
    },
  };
}

export type StoreWorld = Awaited<ReturnType<typeof storeWorld>>;

export type Phone = ReturnType<StoreWorld['phone']>;

/**
 * A test file's store: a fresh world for each test at 19:42 in Jakarta, its recorder reporting,
 * `setUp` (the prices) done, the marked clip's files made once; and the steps the tests share.
 */
export function useStore(setUp: (w: StoreWorld) => Promise<void>) {
  let files: MarkedClipFiles | undefined;
  let current: { w: StoreWorld; files: MarkedClipFiles; code1: string; code2: string } | undefined;
  beforeAll(() => {
    files = markedClipFiles();
  });
  beforeEach(async () => {
    const w = await storeWorld();
    w.clock.set('2026-11-20T12:42:10Z');
    await w.heartbeat();
    await setUp(w);
    current = { w, files: files!, code1: await w.codeOf(w.court1.id), code2: await w.codeOf(w.court2.id) };
  });
  afterEach(async () => {
    await current?.w.close();
    current = undefined;
  });
  const now = () => {
    if (!current) throw new Error('the store is used outside a test');
    return current;
  };
  const purchaseRow = (id: string) => now().w.db.selectFrom('purchases').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  return {
    now,
    /** Time passes at the venue; its recorder keeps reporting. */
    async later(ms: number) {
      now().w.clock.advance(ms);
      await now().w.heartbeat();
    },
    /** A tap the recorder then cuts and sends whole. */
    async markedAndSent(phone: Phone, code: string): Promise<number> {
      const markId = await phone.mark(code);
      await now().w.recorder.deliver(markId, now().files);
      return markId;
    },
    bodyOf: async (res: Response) => ({ status: res.status, body: (await res.json()) as Record<string, unknown> }),
    purchaseRow,
    tokenOf: async (id: string) => (await purchaseRow(id)).paymentToken!,
    /** The player pays on the simulator's page (Snap's redirect_url stands in): back to the phone's page. */
    async payOnPage(phone: Phone, next: string, outcome = 'success') {
      expect((await phone.send(next)).status).toBe(200);
      const res = await phone.send(next, {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
        body: `outcome=${outcome}`,
      });
      expect(res.status).toBe(303);
      await now().w.delivery.idle();
      return res.headers.get('Location')!;
    },
    /** The purchase's page's state, as the page asks for it. */
    async pageState(location: string) {
      const { base } = now().w;
      const res = await fetch(`${base}${new URL(location, base).pathname}/state`);
      return (await res.json()) as { status: string; clips: { n: number; url: string }[]; progress: string | null };
    },
  };
}

// Wrong tokens are cheap: after its allowance an address's unknown recorder, kiosk and admin
// credentials are answered 429 (Retry-After) before any database lookup or body parsing, while the
// credentials that worked keep working (and are still looked up, so a revoked one is refused at
// once) and other addresses are untouched. The rules on a frozen clock; speed is measured by
// `npm run bench -- wrong-tokens`.
import { RECORDER_MESSAGES, SERVER_MESSAGES } from '@courtreplay/shared';
import pino from 'pino';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createApp } from '../app.ts';
import { makeTestApp, newDeviceId, type TestApp } from '../testing/index.ts';
import { RateLimit } from './rate-limit.ts';
import { TokenThrottle, WRONG_BURST, WRONG_REFILL_MS } from './token-throttle.ts';

describe('RateLimit', () => {
  it('allows a burst, then one call per refill, and says how long to wait', () => {
    const limit = new RateLimit<string>({ burst: 3, refillMs: 1_000 });
    expect([0, 0, 0].map(() => limit.take('a', 0))).toEqual([0, 0, 0]);
    expect(limit.take('a', 400)).toBe(600);
    expect(limit.waitMs('a', 400)).toBe(600);
    expect(limit.take('b', 400)).toBe(0);
    expect(limit.take('a', 1_000)).toBe(0);
    expect(limit.take('a', 1_000)).toBe(1_000);
  });

  it('remembers a bounded number of keys, forgetting the least recently used', () => {
    const limit = new RateLimit<number>({ burst: 1, refillMs: 60_000, maxKeys: 100 });
    for (let key = 0; key < 1_000; key++) limit.take(key, 0);
    expect(limit.size).toBeLessThanOrEqual(100);
    expect(limit.waitMs(999, 0)).toBe(60_000);
    expect(limit.waitMs(0, 0)).toBe(0);
  });
});

describe('TokenThrottle', () => {
  afterEach(() => vi.useRealTimers());

  it('throttles an address after its allowance, except for credentials that worked; a refused one is forgotten', () => {
    const throttle = new TokenThrottle();
    throttle.accepted('good');
    for (let i = 0; i < WRONG_BURST; i++) {
      expect(throttle.waitMs('1.2.3.4', [`bad${i}`], 0)).toBe(0);
      throttle.refused('1.2.3.4', `bad${i}`, 0);
    }
    expect(throttle.waitMs('1.2.3.4', ['other'], 0)).toBe(WRONG_REFILL_MS);
    expect(throttle.waitMs('1.2.3.4', ['other', 'good'], 0)).toBe(0);
    expect(throttle.waitMs('5.6.7.8', ['other'], 0)).toBe(0);
    expect(throttle.waitMs('1.2.3.4', ['other'], WRONG_REFILL_MS)).toBe(0);
    throttle.refused('1.2.3.4', 'good', WRONG_REFILL_MS);
    expect(throttle.waitMs('1.2.3.4', ['good'], WRONG_REFILL_MS)).toBeGreaterThan(0);
  });

  it('holds a bounded number of answers at once; the rest are answered at once', async () => {
    vi.useFakeTimers();
    const throttle = new TokenThrottle({ holdMs: 1_000, maxHeld: 3 });
    const held = Array.from({ length: 3 }, () => throttle.hold());
    expect(throttle.held).toBe(3);
    await throttle.hold();
    vi.advanceTimersByTime(1_000);
    await Promise.all(held);
    expect(throttle.held).toBe(0);
  });
});

describe('wrong tokens over HTTP', () => {
  let t: TestApp;
  let queries: number;
  let app: ReturnType<typeof createApp>;
  let lines: { level: number; msg: string; address?: string }[];
  let venueId: number;

  beforeEach(async () => {
    t = await makeTestApp();
    queries = 0;
    lines = [];
    const logger = pino({ level: 'warn' }, { write: (line: string) => void lines.push(JSON.parse(line) as (typeof lines)[number]) });
    // The app over the same database, counting every query it sends; throttled answers not held.
    const db = t.db.withPlugin({
      transformQuery: (args) => ((queries += 1), args.node),
      transformResult: async (args) => args.result,
    });
    app = createApp({ ...t.deps, db, logger, tokenThrottle: new TokenThrottle({ holdMs: 0 }) });
    venueId = (await t.seed.venue()).id;
  });
  afterEach(() => t.close());

  const from = (address: string) => ({ incoming: { socket: { remoteAddress: address } } });
  const get = (path: string, headers: Record<string, string>, address = '198.51.100.7') => app.request(path, { headers }, from(address));
  const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });
  const addRecorder = async () => {
    const admin = await t.seed.admin({ role: 'super_admin' });
    return t.call('createRecorder', { body: { venueId, name: 'Recorder' } }, { headers: admin.headers, status: 201 });
  };

  it('answers 429 with Retry-After, without a lookup or reading the body, once an address has sent its allowance', async () => {
    for (let i = 0; i < WRONG_BURST; i++) expect((await get('/api/recorder/setup', bearer(`wrong-${i}`))).status).toBe(401);
    queries = 0;
    const refused = await get('/api/recorder/setup', bearer('wrong-again'));
    expect(refused.status).toBe(429);
    expect(refused.headers.get('Retry-After')).toBe(String(WRONG_REFILL_MS / 1000));
    expect(await refused.json()).toMatchObject({ message: SERVER_MESSAGES.access.tooManyWrongTokens });
    // A kiosk's unknown id, an admin's unknown session and a body that is not even JSON: the same.
    expect((await get('/api/staff-pin', { 'X-Device-Id': newDeviceId() })).status).toBe(429);
    expect((await get('/api/admin/recorders', bearer('not-a-session'))).status).toBe(429);
    const post = await app.request(
      '/api/recorder/status',
      { method: 'POST', headers: bearer('x'), body: '{not json' },
      from('198.51.100.7'),
    );
    expect(post.status).toBe(429);
    expect(queries).toBe(0);
    // Another address is looked up as before; this one gets one lookup more per refill.
    expect((await get('/api/recorder/setup', bearer('wrong'), '203.0.113.1')).status).toBe(401);
    t.clock.advance(WRONG_REFILL_MS);
    expect((await get('/api/recorder/setup', bearer('wrong'))).status).toBe(401);
    expect((await get('/api/recorder/setup', bearer('wrong'))).status).toBe(429);
    expect(lines.filter((l) => l.level === 40).map((l) => l.address)).toEqual(['198.51.100.7']);
  });

  it("keeps answering the tokens that worked, looked up each time, so a removed recorder's is refused at once", async () => {
    const recorder = await addRecorder();
    const kiosk = await t.seed.device({ venueId, authorized: true });
    expect((await get('/api/recorder/setup', bearer(recorder.token))).status).toBe(200);
    expect((await get('/api/staff-pin', kiosk.headers)).status).toBe(200);
    for (let i = 0; i < WRONG_BURST + 5; i++) await get('/api/recorder/setup', bearer(`wrong-${i}`));
    queries = 0;
    expect((await get('/api/recorder/setup', bearer(recorder.token))).status).toBe(200);
    expect((await get('/api/staff-pin', kiosk.headers)).status).toBe(200);
    expect(queries).toBeGreaterThan(0);
    await t.db.deleteFrom('recorders').execute();
    expect(await (await get('/api/recorder/setup', bearer(recorder.token))).json()).toEqual({ message: RECORDER_MESSAGES.tokenRefused });
    // Refused once, it is no longer known: the throttle applies to it like any other.
    expect((await get('/api/recorder/setup', bearer(recorder.token))).status).toBe(429);
  });

  it('lets a good token this instance has not seen yet through after Retry-After', async () => {
    for (let i = 0; i < WRONG_BURST; i++) await get('/api/recorder/setup', bearer(`wrong-${i}`));
    const recorder = await addRecorder();
    const first = await get('/api/recorder/setup', bearer(recorder.token));
    expect(first.status).toBe(429);
    t.clock.advance(Number(first.headers.get('Retry-After')) * 1000);
    expect((await get('/api/recorder/setup', bearer(recorder.token))).status).toBe(200);
    expect((await get('/api/recorder/setup', bearer(recorder.token))).status).toBe(200);
  });
});

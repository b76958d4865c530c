// "Mark this moment" against a real database: the court codes and their posters'
// links, the phone page /c/{courtCode}, the mark and its limits, and what the court's kiosks are told.
import { FIELD_MESSAGES, MESSAGES, MESSAGES_ID } from '@courtreplay/shared';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { countRows, makeTestApp, type SeededAdmin, type TestApp } from '../testing/index.ts';
import { runPurchaseMaintenance } from '../purchases/maintenance.ts';
import { MARK_COURT_INTERVAL_MS, MARKS_PER_ADDRESS_PER_MINUTE, MARKS_SHOWN_MS } from './service.ts';

let t: TestApp;
let venueA: { id: number };
let venueB: { id: number };
let court2: { id: number };
let superAdmin: SeededAdmin;
let adminA: SeededAdmin;
let adminB: SeededAdmin;

beforeEach(async () => {
  t = await makeTestApp({ env: { PUBLIC_URL: 'https://replay.example.com' } });
  // 19:42 in Jakarta.
  t.clock.set('2026-11-20T12:42:10Z');
  venueA = await t.seed.venue({ name: 'Arena A' });
  venueB = await t.seed.venue({ name: 'Arena B' });
  await t.seed.field({ venueId: venueA.id, name: 'Court 1' });
  court2 = await t.seed.field({ venueId: venueA.id, name: 'Court 2' });
  superAdmin = await t.seed.admin({ role: 'super_admin' });
  adminA = await t.seed.admin({ role: 'admin', venueId: venueA.id });
  adminB = await t.seed.admin({ role: 'admin', venueId: venueB.id });
});
afterEach(() => t.close());

const codeOf = async (fieldId: number) =>
  (await t.db.selectFrom('fields').select('courtCode').where('id', '=', fieldId).executeTakeFirstOrThrow()).courtCode!;

/** An env as @hono/node-server gives it, so the client address is known. */
const from = (address: string) => ({ incoming: { socket: { remoteAddress: address } } });

/** A phone at `address`: its own cookie jar of one cookie, unless it keeps none. */
function phone({ address = '10.9.9.9', keepsCookie = true } = {}) {
  let cookie = '';
  const send = async (path: string, init: RequestInit = {}) => {
    const res = await t.app.request(
      path,
      { ...init, headers: { ...(init.headers as Record<string, string>), Cookie: cookie } },
      from(address),
    );
    const set = res.headers.get('Set-Cookie');
    if (set && keepsCookie) cookie = set.split(';')[0]!;
    return res;
  };
  return {
    open: (code: string) => send(`/c/${code}`),
    mark: (code: string, lang?: string) =>
      send(`/c/${code}/mark`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
        body: lang ? `lang=${lang}` : '',
      }),
  };
}

const answerOf = async (res: Response) => /data-testid="mark-answer">([^<]*)</.exec(await res.text())?.[1];

describe('court codes', () => {
  it('gives every court an unguessable code (128 random bits) and its venue admins the poster link', async () => {
    const codes = await t.db.selectFrom('fields').select('courtCode').execute();
    for (const { courtCode } of codes) expect(courtCode).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(new Set(codes.map((c) => c.courtCode)).size).toBe(codes.length);

    const created = await t.call('createField', { body: { name: 'Court 3', venueId: venueA.id } }, { headers: superAdmin.headers });
    const { field } = created;
    expect(await codeOf(field.id)).toMatch(/^[A-Za-z0-9_-]{22}$/);

    const courts = await t.call('listFields', { params: { venueId: venueA.id } }, { headers: adminA.headers });
    const second = courts.find((c) => c.id === court2.id)!;
    expect(second.markUrl).toBe(`https://replay.example.com/c/${await codeOf(court2.id)}`);
    await t.call('listFields', { params: { venueId: venueA.id } }, { headers: adminB.headers, status: 403 });
  });

  it('answers unknown and malformed codes with the same 404, naming nothing', async () => {
    const real = await codeOf(court2.id);
    const flipped = (real[0] === 'A' ? 'B' : 'A') + real.slice(1);
    const bodies = new Set<string>();
    for (const code of [flipped, 'abc', 'x'.repeat(200), '%27%3Bdrop', real.toLowerCase() === real ? 'Z'.repeat(22) : real.toLowerCase()]) {
      for (const res of [await phone().open(code), await phone().mark(code)]) {
        expect(res.status).toBe(404);
        const text = await res.text();
        expect(text).not.toContain('Court');
        expect(text).not.toContain('Arena');
        bodies.add(text);
      }
    }
    expect(bodies.size).toBe(1);
    expect(await countRows(t.db, 'court_marks')).toBe(0);
  });

  it('renews a code for the venue’s admins: the old poster stops working', async () => {
    const old = await codeOf(court2.id);
    await t.call('renewCourtCode', { params: { id: court2.id } }, { headers: adminB.headers, status: 403 });
    expect(await codeOf(court2.id)).toBe(old);
    const res = await t.call('renewCourtCode', { params: { id: court2.id } }, { headers: adminA.headers, status: 200 });
    const renewed = await codeOf(court2.id);
    expect(renewed).not.toBe(old);
    expect(res).toEqual({ message: FIELD_MESSAGES.courtCodeRenewed, markUrl: `https://replay.example.com/c/${renewed}` });
    expect((await phone().open(old)).status).toBe(404);
    expect((await phone().open(renewed)).status).toBe(200);
    await t.call('renewCourtCode', { params: { id: 9999 } }, { headers: superAdmin.headers, status: 404 });
  });
});

describe('the court page and its mark', () => {
  it('shows one button, records the server’s time on the court and answers with it', async () => {
    const code = await codeOf(court2.id);
    const player = phone();
    const page = await player.open(code);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain(MESSAGES.mark.button);
    expect(html).toContain('Court 2');
    expect(html).toContain('Arena A');
    expect(html).not.toContain('<script');

    const res = await player.mark(code);
    expect(res.status).toBe(200);
    expect(await answerOf(res)).toBe('Marked 19:42 on Court 2: find it at the kiosk under Marked moments');
    const rows = await t.db.selectFrom('court_marks').selectAll().execute();
    expect(rows).toEqual([
      {
        id: expect.any(Number),
        fieldId: court2.id,
        markedAt: '2026-11-20T12:42:10.000Z',
        phoneKey: expect.any(String),
        // A venue without a recorder: nobody says where a clip stands.
        clipState: null,
        clipReason: null,
        clipMessage: null,
      },
    ]);
    // The phone is known by a hash of its random cookie only.
    expect(rows[0]!.phoneKey).toMatch(/^[0-9a-f]{64}$/);
  });

  it('speaks the venue’s language, and the other on request', async () => {
    await t.db.updateTable('venues').set({ language: 'id' }).where('id', '=', venueA.id).execute();
    const code = await codeOf(court2.id);
    const player = phone();
    expect(await (await player.open(code)).text()).toContain('Tandai momen ini');
    expect(await answerOf(await player.mark(code))).toBe(MESSAGES_ID.mark.marked('19:42', 'Court 2'));
    expect(await (await phone().open(`${code}?lang=en`)).text()).toContain('Mark this moment');
  });

  it('keeps one phone to one mark per 20 s', async () => {
    const code = await codeOf(court2.id);
    const player = phone();
    await player.open(code);
    await player.mark(code);
    t.clock.advance(19_000);
    const again = await player.mark(code);
    expect(again.status).toBe(200);
    expect(await answerOf(again)).toBe('Marked 19:42 on Court 2: find it at the kiosk under Marked moments');
    expect(await countRows(t.db, 'court_marks')).toBe(1);
    // Another phone is not held back (on another court: this one was marked within 10 s).
    const court1 = await t.db.selectFrom('fields').select('id').where('name', '=', 'Court 1').executeTakeFirstOrThrow();
    await phone({ address: '10.9.9.10' }).mark(await codeOf(court1.id));
    expect(await countRows(t.db, 'court_marks')).toBe(2);
    t.clock.advance(1_001);
    await player.mark(code);
    expect(await countRows(t.db, 'court_marks')).toBe(3);
  });

  it('limits the taps from one address per minute', async () => {
    const code = await codeOf(court2.id);
    for (let i = 0; i < MARKS_PER_ADDRESS_PER_MINUTE; i++) expect((await phone().mark(code)).status).toBe(200);
    const refused = await phone().mark(code);
    expect(refused.status).toBe(429);
    expect(await answerOf(refused)).toBe(MESSAGES.mark.tooMany);
    t.clock.advance(60_001);
    expect((await phone().mark(code)).status).toBe(200);
  });

  it('deletes marks older than a day', async () => {
    const code = await codeOf(court2.id);
    await phone().mark(code);
    t.clock.advance(12 * 3600_000);
    await phone().mark(code);
    t.clock.advance(12 * 3600_000 + 1);
    await runPurchaseMaintenance(t.deps);
    expect((await t.db.selectFrom('court_marks').select('markedAt').execute()).map((m) => m.markedAt)).toEqual([
      '2026-11-21T00:42:10.000Z',
    ]);
    // A new mark clears them too.
    t.clock.advance(12 * 3600_000);
    await phone().mark(code);
    expect(await countRows(t.db, 'court_marks')).toBe(1);
  });
});

describe('a flood of marks', () => {
  /** Marks stored on `fieldId`. */
  const stored = async (fieldId?: number) => {
    let query = t.db.selectFrom('court_marks').select('id');
    if (fieldId !== undefined) query = query.where('fieldId', '=', fieldId);
    return (await query.execute()).length;
  };

  it('gives a phone that sends no cookie no more marks than one that keeps it', async () => {
    const court3 = await t.seed.field({ venueId: venueA.id, name: 'Court 3' });
    const codes = await Promise.all(
      (await t.db.selectFrom('fields').select('id').where('venueId', '=', venueA.id).execute()).map((f) => codeOf(f.id)),
    );
    expect(codes).toHaveLength(3);
    expect(court3.id).toBeGreaterThan(0);
    /** A tap every 5 s for a minute, going round the courts (so each court is tapped every 15 s). */
    const tapForAMinute = async (player: ReturnType<typeof phone>) => {
      const first = await stored();
      for (let i = 0; i < 12; i++) {
        expect((await player.mark(codes[i % codes.length]!)).status).toBe(200);
        t.clock.advance(5_000);
      }
      t.clock.advance(3_600_000);
      return (await stored()) - first;
    };
    const keeper = phone({ address: '10.1.1.1' });
    await keeper.open(codes[0]!);
    const kept = await tapForAMinute(keeper);
    const dropped = await tapForAMinute(phone({ address: '10.1.1.2', keepsCookie: false }));
    expect(kept).toBe(3);
    expect(dropped).toBeLessThanOrEqual(kept);
  });

  it('stores at most one mark per court per 10 s: 10 addresses tapping 20 times at once store one', async () => {
    const code = await codeOf(court2.id);
    // 20 taps is each address's whole minute (MARKS_PER_ADDRESS_PER_MINUTE), so every tap is answered.
    const taps = Array.from({ length: 10 * MARKS_PER_ADDRESS_PER_MINUTE }, (_, i) =>
      phone({ address: `10.2.0.${i % 10}`, keepsCookie: false }).mark(code),
    );
    const answers = await Promise.all(taps);
    expect(new Set(answers.map((res) => res.status))).toEqual(new Set([200]));
    expect(await stored(court2.id)).toBe(1);
    // Every tap is told the one mark.
    expect(new Set(await Promise.all(answers.map(answerOf)))).toEqual(new Set([MESSAGES.mark.marked('19:42', 'Court 2')]));

    // Kept up for a minute, one tap a second from ever new addresses: one mark per 10 s.
    for (let s = 1; s <= 60; s++) {
      t.clock.advance(1_000);
      await phone({ address: `10.3.${s}.1`, keepsCookie: false }).mark(code);
    }
    expect(await stored(court2.id)).toBe(7);
  });

  it('cannot push an earlier mark out of the kiosks’ "Marked moments"', async () => {
    const kiosk = await t.seed.device({ venueId: venueA.id });
    const court1 = (await t.db.selectFrom('fields').select('id').where('name', '=', 'Court 1').executeTakeFirstOrThrow()).id;
    const player = phone({ address: '10.4.0.1' });
    const code1 = await codeOf(court1);
    await player.open(code1);
    await player.mark(code1);
    const genuine = t.clock.now().toISOString();
    // Then both courts hold as many marks as they can store (one per MARK_COURT_INTERVAL_MS, the
    // limit the tests above prove over HTTP) until the genuine mark is about to leave the two hours.
    // They are written straight to the table: the rule is that the kiosks get every one of them.
    const start = t.clock.now().getTime();
    const perCourt = MARKS_SHOWN_MS / MARK_COURT_INTERVAL_MS - 1;
    const flood = [court1, court2.id].flatMap((fieldId) =>
      Array.from({ length: perCourt }, (_, i) => ({
        fieldId,
        markedAt: new Date(start + (i + 1) * MARK_COURT_INTERVAL_MS).toISOString(),
        phoneKey: `flood-${fieldId}-${i}`,
      })),
    );
    await t.db.insertInto('court_marks').values(flood).execute();
    t.clock.set(flood.at(-1)!.markedAt);
    expect(await stored()).toBe(1 + 2 * perCourt);
    const { marks } = await t.call('getDevice', { params: { deviceId: kiosk.deviceId } });
    expect(marks).toHaveLength(1 + 2 * perCourt);
    expect(marks).toContainEqual({ fieldId: court1, at: genuine });
  });
});

describe('the kiosks of the venue', () => {
  it('are told the venue’s courts, the server’s time and the marks of the last two hours', async () => {
    const kiosk = await t.seed.device({ venueId: venueA.id });
    const stranger = await t.seed.device({ venueId: venueA.id, authorized: false });
    const code = await codeOf(court2.id);
    await phone().mark(code);
    t.clock.advance(3 * 3600_000);
    await phone().mark(code);
    t.clock.advance(60_000);
    const body = await t.call('getDevice', { params: { deviceId: kiosk.deviceId } });
    expect(body.serverTime).toBe('2026-11-20T15:43:10.000Z');
    expect(body.courts).toEqual([
      { id: expect.any(Number), name: 'Court 1' },
      { id: court2.id, name: 'Court 2' },
    ]);
    expect(body.marks).toEqual([{ fieldId: court2.id, at: '2026-11-20T15:42:10.000Z' }]);
    const unauthorised = await t.call('getDevice', { params: { deviceId: stranger.deviceId } });
    expect([unauthorised.courts, unauthorised.marks]).toEqual([[], []]);
  });
});

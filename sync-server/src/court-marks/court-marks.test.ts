// "Mark this moment" (issue 25 point 4) against a real database: the court codes and their posters'
// links, the phone page /c/{courtCode}, the mark and its limits, and what the court's kiosks are told.
import { FIELD_MESSAGES, MESSAGES, MESSAGES_ID } from '@courtreplay/shared';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { countRows, makeTestApp, type SeededAdmin, type TestApp } from '../testing/index.ts';
import { runPurchaseMaintenance } from '../purchases/maintenance.ts';
import { MARKS_PER_ADDRESS_PER_MINUTE } from './service.ts';

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

/** A phone: its own cookie jar of one cookie. */
function phone() {
  let cookie = '';
  const send = async (path: string, init: RequestInit = {}) => {
    const res = await t.app.request(path, { ...init, headers: { ...(init.headers as Record<string, string>), Cookie: cookie } });
    const set = res.headers.get('Set-Cookie');
    if (set) cookie = set.split(';')[0]!;
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
      { id: expect.any(Number), fieldId: court2.id, markedAt: '2026-11-20T12:42:10.000Z', phoneKey: expect.any(String) },
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
    // Another phone is not held back.
    await phone().mark(code);
    expect(await countRows(t.db, 'court_marks')).toBe(2);
    t.clock.advance(1_001);
    await player.mark(code);
    expect(await countRows(t.db, 'court_marks')).toBe(3);
  });

  it('limits the marks from one address per minute', async () => {
    const code = await codeOf(court2.id);
    for (let i = 0; i < MARKS_PER_ADDRESS_PER_MINUTE; i++) expect((await phone().mark(code)).status).toBe(200);
    const refused = await phone().mark(code);
    expect(refused.status).toBe(429);
    expect(await answerOf(refused)).toBe(MESSAGES.mark.tooMany);
    expect(await countRows(t.db, 'court_marks')).toBe(MARKS_PER_ADDRESS_PER_MINUTE);
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

// A camera password is shown as **** whatever it holds (quotes, '@', '/', ':', %-escapes, other
// scripts): in the answer to saving it, the court list, the audit log and every server log line,
// also for an address stored before the check refused unescaped '/' in a password. The address is
// stored whole, for the venue's recorder alone. The masking rule itself is property-tested in
// shared/src/camera-url.test.ts; this proves it is applied everywhere a person can look.
import { RECORDER_MESSAGES } from '@courtreplay/shared';
import pino from 'pino';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { maskedDestination, maskedLogOptions } from '../log-masking.ts';
import { makeTestApp, type SeededAdmin, type TestApp } from '../testing/index.ts';

let t: TestApp;
let lines: string[];
let court: { id: number; venueId: number };
let admin: SeededAdmin;
let superAdmin: SeededAdmin;

beforeEach(async () => {
  lines = [];
  const logger = pino({ level: 'trace', ...maskedLogOptions }, maskedDestination({ write: (line: string) => void lines.push(line) }));
  t = await makeTestApp({ deps: { logger } });
  const venue = await t.seed.venue({ name: 'Arena A' });
  court = await t.seed.field({ venueId: venue.id, name: 'Court 1' });
  admin = await t.seed.admin({ role: 'admin', venueId: venue.id });
  superAdmin = await t.seed.admin({ role: 'super_admin' });
});
afterEach(() => t.close());

/** Each password as typed in the address (what the check accepts) and the secret a leak would show. */
const PASSWORDS: [label: string, typed: string, secret: string][] = [
  ['quotes', `Qu'o"te9`, `Qu'o"te9`],
  ["'@' unescaped", 'At@sign@Pw7', 'At@sign'],
  ["'/' and ':' escaped", 'Sl%2Fash:Col%40on', 'Sl%2Fash:Col'],
  ['a %-escaped quote and backslash', 'Es%22c%5Caped1', 'Es%22c'],
  ['other scripts', 'пароль密码Kata', 'пароль密码'],
];
const MASKED = 'rtsp://admin:****@192.168.1.64:554/Streaming/Channels/101';

describe('a camera password', () => {
  it.each(PASSWORDS)(
    'holding %s shows only as **** in the answer, the court list, the audit log and the log',
    async (_label, typed, secret) => {
      const url = `rtsp://admin:${typed}@192.168.1.64:554/Streaming/Channels/101`;
      const saved = await t.call('setFieldCamera', { params: { id: court.id }, body: { url } }, { headers: admin.headers });
      expect(saved).toMatchObject({ message: RECORDER_MESSAGES.cameraSaved, field: { camera: { url: MASKED } } });
      const list = await t.call('listFields', { params: { venueId: court.venueId } }, { headers: admin.headers });
      expect(list[0]!.camera).toEqual({ url: MASKED, subUrl: null });
      const audit = await t.call('listAuditLog', { query: {} }, { headers: superAdmin.headers });
      expect(audit.entries.find((e) => e.action === 'field.camera')?.after).toEqual({ camera: MASKED, subStream: null });

      // A second change: the audit entry's "before" is the stored address, masked too.
      await t.call('setFieldCamera', { params: { id: court.id }, body: { url: null } }, { headers: admin.headers });
      const stored = await t.db.selectFrom('audit_log').select(['before', 'after']).execute();
      expect(JSON.stringify(stored)).toContain(MASKED);
      for (const shown of [saved, list, audit, stored, lines]) expect(JSON.stringify(shown)).not.toContain(secret);
      expect(lines.join('\n')).toContain(MASKED);
    },
  );

  it('stored before the check refused an unescaped / or ? in it, still shows only as ****', async () => {
    const legacy = "rtsp://admin:Old/pa?ss'1@192.168.1.64:554/Streaming/Channels/101";
    await t.db.updateTable('fields').set({ cameraUrl: legacy }).where('id', '=', court.id).execute();
    const list = await t.call('listFields', { params: { venueId: court.venueId } }, { headers: admin.headers });
    expect(list[0]!.camera).toEqual({ url: MASKED, subUrl: null });
    await t.call('setFieldCamera', { params: { id: court.id }, body: { url: null } }, { headers: admin.headers });
    const audit = await t.call('listAuditLog', { query: {} }, { headers: superAdmin.headers });
    expect(audit.entries[0]?.before).toEqual({ camera: MASKED, subStream: null });
    expect(JSON.stringify([list, audit, lines])).not.toContain('Old/pa');
  });
});

describe("a camera's sub-stream", () => {
  const SECRET = 'Sub-Rahasia-5';
  const main = `rtsp://admin:${SECRET}@192.168.1.64:554/Streaming/Channels/101`;
  const sub = `rtsp://admin:${SECRET}@192.168.1.64:554/Streaming/Channels/102`;
  const SUB_MASKED = 'rtsp://admin:****@192.168.1.64:554/Streaming/Channels/102';

  it('is masked like the main address everywhere a person looks, and reaches the recorder whole', async () => {
    const saved = await t.call(
      'setFieldCamera',
      { params: { id: court.id }, body: { url: main, subUrl: sub } },
      { headers: admin.headers },
    );
    expect(saved.field.camera).toEqual({ url: MASKED, subUrl: SUB_MASKED });
    const list = await t.call('listFields', { params: { venueId: court.venueId } }, { headers: admin.headers });
    expect(list[0]!.camera).toEqual({ url: MASKED, subUrl: SUB_MASKED });
    const audit = await t.call('listAuditLog', { query: {} }, { headers: superAdmin.headers });
    expect(audit.entries.find((e) => e.action === 'field.camera')?.after).toEqual({ camera: MASKED, subStream: SUB_MASKED });
    for (const shown of [saved, list, audit, lines]) expect(JSON.stringify(shown)).not.toContain(SECRET);
    expect(lines.join('\n')).toContain(SUB_MASKED);

    const { token } = await t.call(
      'createRecorder',
      { body: { venueId: court.venueId, name: 'PC' } },
      { headers: admin.headers, status: 201 },
    );
    const setup = await t.call('recorderSetup', {}, { headers: { Authorization: `Bearer ${token}` } });
    expect(setup.courts[0]!.camera).toEqual({ url: main, subUrl: sub });
  });

  it('is kept when only the main address changes, removed with null or with the camera', async () => {
    await t.call('setFieldCamera', { params: { id: court.id }, body: { url: main, subUrl: sub } }, { headers: admin.headers });
    const moved = main.replace('.64', '.65');
    const kept = await t.call('setFieldCamera', { params: { id: court.id }, body: { url: moved } }, { headers: admin.headers });
    expect(kept.field.camera?.subUrl).toBe(SUB_MASKED);
    const dropped = await t.call(
      'setFieldCamera',
      { params: { id: court.id }, body: { url: moved, subUrl: null } },
      { headers: admin.headers },
    );
    expect(dropped.field.camera).toEqual({ url: MASKED.replace('.64', '.65'), subUrl: null });
    await t.call('setFieldCamera', { params: { id: court.id }, body: { url: moved, subUrl: sub } }, { headers: admin.headers });
    await t.call('setFieldCamera', { params: { id: court.id }, body: { url: null } }, { headers: admin.headers });
    expect(await t.db.selectFrom('fields').select(['cameraUrl', 'cameraSubUrl']).where('id', '=', court.id).executeTakeFirst()).toEqual({
      cameraUrl: null,
      cameraSubUrl: null,
    });
  });

  it('is refused without the main address, or when ffmpeg would read it differently, and nothing changes', async () => {
    await t.call('setFieldCamera', { params: { id: court.id }, body: { url: main } }, { headers: admin.headers });
    const without = await t.json('PUT', `/api/field/${court.id}/camera`, { url: null, subUrl: sub }, admin.headers);
    expect(without.status).toBe(400);
    expect(((await without.json()) as { message: string }).message).toContain(RECORDER_MESSAGES.subUrlWithoutCamera);
    const spaced = await t.json('PUT', `/api/field/${court.id}/camera`, { url: main, subUrl: `${sub} x` }, admin.headers);
    expect(spaced.status).toBe(400);
    expect(((await spaced.json()) as { message: string }).message).toContain(RECORDER_MESSAGES.cameraUrlSpaces);
    expect(await t.db.selectFrom('fields').select(['cameraUrl', 'cameraSubUrl']).where('id', '=', court.id).executeTakeFirst()).toEqual({
      cameraUrl: main,
      cameraSubUrl: null,
    });
  });
});

describe('the server logger', () => {
  it('masks a password at every level, in messages, fields, errors and bindings, and keeps the rest of the line', () => {
    const out: string[] = [];
    const logger = pino({ level: 'trace', ...maskedLogOptions }, maskedDestination({ write: (line: string) => void out.push(line) }));
    const url = `rtsp://admin:${PASSWORDS[0]![1]}@192.168.1.64:554/Streaming/Channels/101`;
    for (const level of ['trace', 'debug', 'info', 'warn', 'error', 'fatal'] as const) {
      logger[level]({ camera: { url }, list: [url], err: new Error(`cannot open ${url}`) }, `reading ${url}`);
      logger.child({ url, by: 'owner@example.com' })[level](`again ${url}`);
    }
    expect(out).toHaveLength(12);
    for (const line of out) {
      expect(line).not.toContain('te9');
      expect(line).toContain(MASKED);
    }
    // A field after the address that holds an '@' of its own is neither masked nor swallowed.
    expect(JSON.parse(out[1]!)).toMatchObject({ url: MASKED, by: 'owner@example.com', msg: `again ${MASKED}` });
  });
});

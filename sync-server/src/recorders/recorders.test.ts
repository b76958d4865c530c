// The venue's recorder against a real database: cameras on courts (the password never shown back:
// answers, listing, audit log, log lines at trace level), recorders and their tokens (hash only,
// revoked at once), camera states and the Errors tab's entries on a frozen clock, and the marks'
// long-poll (woken by the mark itself, and across two app instances by the re-check).
import { CAMERA_URL_PROBLEMS, errorEntryText, KIOSK_MESSAGES, MESSAGES, RECORDER_MESSAGES } from '@courtreplay/shared';
import pino from 'pino';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createApp } from '../app.ts';
import { maskedDestination, maskedLogOptions } from '../log-masking.ts';
import { countRows, makeTestApp, type SeededAdmin, type TestApp } from '../testing/index.ts';
import { createTestCall } from '../testing/call.ts';
import { MarkSignal } from './mark-signal.ts';

const PASSWORD = 'S3cret!pw';
const CAMERA = `rtsp://admin:${PASSWORD}@192.168.1.64:554/Streaming/Channels/101`;
const MASKED = 'rtsp://admin:****@192.168.1.64:554/Streaming/Channels/101';
/** What the recorder says of a camera that does not answer: its sentence, then ffmpeg's words. */
const FFMPEG_TIMEOUT = 'Connection to tcp://192.168.1.64:554?timeout=0 failed: Connection timed out';
const NO_ANSWER = `The camera did not answer: check its power, its network cable and its address. (ffmpeg: ${FFMPEG_TIMEOUT})`;

let t: TestApp;
let lines: string[];
let venueA: { id: number };
let venueB: { id: number };
let court1: { id: number };
let court2: { id: number };
let superAdmin: SeededAdmin;
let adminA: SeededAdmin;
let adminB: SeededAdmin;

beforeEach(async () => {
  lines = [];
  const logger = pino({ level: 'trace', ...maskedLogOptions }, maskedDestination({ write: (line: string) => void lines.push(line) }));
  // The long-poll waits only on the mark's own signal here (no re-check, no hold running out).
  t = await makeTestApp({ deps: { logger, marks: new MarkSignal({ holdMs: 600_000, recheckMs: 600_000 }) } });
  t.clock.set('2026-11-20T07:00:00Z'); // 14:00 in Jakarta
  venueA = await t.seed.venue({ name: 'Arena A' });
  venueB = await t.seed.venue({ name: 'Arena B' });
  court1 = await t.seed.field({ venueId: venueA.id, name: 'Court 1' });
  court2 = await t.seed.field({ venueId: venueA.id, name: 'Court 2' });
  superAdmin = await t.seed.admin({ role: 'super_admin' });
  adminA = await t.seed.admin({ role: 'admin', venueId: venueA.id });
  adminB = await t.seed.admin({ role: 'admin', venueId: venueB.id });
});
afterEach(() => t.close());

const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });
const stored = async (fieldId: number) =>
  (await t.db.selectFrom('fields').select('cameraUrl').where('id', '=', fieldId).executeTakeFirstOrThrow()).cameraUrl;

async function addRecorder(venueId = venueA.id) {
  return t.call('createRecorder', { body: { venueId, name: 'Recorder 1' } }, { headers: adminA.headers, status: 201 });
}

describe('PUT /api/field/:id/camera', () => {
  it('stores the address and shows it back only masked: answer, court list, audit log, log lines', async () => {
    const res = await t.call('setFieldCamera', { params: { id: court2.id }, body: { url: CAMERA } }, { headers: adminA.headers });
    expect(res).toEqual({
      message: RECORDER_MESSAGES.cameraSaved,
      field: expect.objectContaining({ id: court2.id, name: 'Court 2', camera: { url: MASKED, subUrl: null } }) as unknown,
    });
    expect(await stored(court2.id)).toBe(CAMERA);

    const list = await t.call('listFields', { params: { venueId: venueA.id } }, { headers: superAdmin.headers });
    expect(list.map((f) => [f.name, f.camera])).toEqual([
      ['Court 1', null],
      ['Court 2', { url: MASKED, subUrl: null }],
    ]);

    const audit = await t.call('listAuditLog', { query: {} }, { headers: superAdmin.headers });
    const entry = audit.entries.find((e) => e.action === 'field.camera');
    expect(entry).toMatchObject({ entity: 'field', entityId: String(court2.id), venueId: venueA.id });
    expect(JSON.stringify(entry)).toContain(MASKED);

    const removed = await t.call('setFieldCamera', { params: { id: court2.id }, body: { url: null } }, { headers: superAdmin.headers });
    expect(removed.field.camera).toBeNull();
    expect(removed.message).toBe(RECORDER_MESSAGES.cameraRemoved);
    expect(await stored(court2.id)).toBeNull();

    const rows = await t.db.selectFrom('audit_log').select(['before', 'after']).where('action', '=', 'field.camera').execute();
    expect(rows).toHaveLength(2);
    expect(JSON.stringify(rows)).not.toContain(PASSWORD);
    expect(lines.some((l) => l.includes(MASKED))).toBe(true);
    expect(lines.join('\n')).not.toContain(PASSWORD);
  });

  it.each<[string, unknown, string]>([
    ['http://admin:pw@192.168.1.64/stream', 'http://admin:pw@192.168.1.64/stream', RECORDER_MESSAGES.cameraUrlScheme],
    ['ftp://192.168.1.64/x', 'ftp://192.168.1.64/x', RECORDER_MESSAGES.cameraUrlScheme],
    ['192.168.1.64:554/Streaming/Channels/101', '192.168.1.64:554/Streaming/Channels/101', RECORDER_MESSAGES.cameraUrlScheme],
    ['rtsp://', 'rtsp://', RECORDER_MESSAGES.cameraUrlNoHost],
    ['rtsp://admin:pw@/Streaming/Channels/101', 'rtsp://admin:pw@/Streaming/Channels/101', RECORDER_MESSAGES.cameraUrlNoHost],
    ['rtsp://admin:pw@cam:99999/x', 'rtsp://admin:pw@cam:99999/x', CAMERA_URL_PROBLEMS.port],
    ['an @ after the host', 'rtsp://evil.example/x@10.0.0.5', CAMERA_URL_PROBLEMS.ambiguousHost],
    ['ESC[2J in the path', 'rtsp://10.0.0.5/live\u001b[2J', CAMERA_URL_PROBLEMS.control],
    ['%00 in the password', 'rtsp://admin:pw%00@10.0.0.5/live', CAMERA_URL_PROBLEMS.control],
    [
      'rtsp://admin:pw@192.168.1.64/Streaming Channels',
      'rtsp://admin:pw@192.168.1.64/Streaming Channels',
      RECORDER_MESSAGES.cameraUrlSpaces,
    ],
    ['a 2,001-character address', `rtsp://admin:pw@192.168.1.64/${'a'.repeat(2000)}`, RECORDER_MESSAGES.cameraUrlTooLong],
    ['42', 42, RECORDER_MESSAGES.cameraUrlType],
  ])('refuses %s with a plain 400 and changes nothing', async (_label, url, message) => {
    await t.call('setFieldCamera', { params: { id: court1.id }, body: { url: CAMERA } }, { headers: adminA.headers });
    const res = await t.json('PUT', `/api/field/${court1.id}/camera`, { url }, adminA.headers);
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ message });
    expect(await stored(court1.id)).toBe(CAMERA);
  });

  it("is for the court's venue admin and super admins", async () => {
    await t.call('setFieldCamera', { params: { id: court1.id }, body: { url: CAMERA } }, { headers: adminB.headers, status: 403 });
    await t.call('setFieldCamera', { params: { id: court1.id }, body: { url: CAMERA } }, { status: 401 });
    await t.call('setFieldCamera', { params: { id: 9999 }, body: { url: CAMERA } }, { headers: superAdmin.headers, status: 404 });
    expect(await stored(court1.id)).toBeNull();
  });
});

describe('recorders', () => {
  it('answers the token once, keeps only its hash, and the token reaches its own venue setup', async () => {
    await t.call('setFieldCamera', { params: { id: court2.id }, body: { url: CAMERA } }, { headers: adminA.headers });
    const created = await addRecorder();
    expect(created).toEqual({
      id: expect.any(Number) as unknown,
      name: 'Recorder 1',
      venueId: venueA.id,
      token: expect.any(String) as unknown,
    });
    const row = await t.db.selectFrom('recorders').selectAll().executeTakeFirstOrThrow();
    expect(JSON.stringify(row)).not.toContain(created.token);

    const setup = await t.call('recorderSetup', {}, { headers: bearer(created.token) });
    expect(setup).toEqual({
      recorder: { id: created.id, name: 'Recorder 1', venueId: venueA.id },
      venue: { id: venueA.id, name: 'Arena A', timeZone: 'Asia/Jakarta' },
      courts: [
        { fieldId: court1.id, name: 'Court 1', camera: null },
        { fieldId: court2.id, name: 'Court 2', camera: { url: CAMERA, subUrl: null } },
      ],
    });

    const list = await t.call('listRecorders', {}, { headers: adminA.headers });
    expect(list.recorders).toEqual([{ id: created.id, name: 'Recorder 1', venueId: venueA.id, lastSeenAt: null, cameras: [] }]);
    expect((await t.call('listRecorders', {}, { headers: adminB.headers })).recorders).toEqual([]);
    expect((await t.call('listRecorders', {}, { headers: superAdmin.headers })).recorders).toHaveLength(1);
    expect(lines.join('\n')).not.toContain(PASSWORD);
    expect(lines.join('\n')).not.toContain(created.token);
    // A recorder asks every 10 s: its normal answers are logged at debug, not as news.
    const setupLine = lines.map((l) => JSON.parse(l) as { level: number; path?: string }).find((l) => l.path === '/api/recorder/setup');
    expect(setupLine?.level).toBe(20);
  });

  it('refuses bad input and other venues', async () => {
    for (const [body, message] of [
      [{ venueId: venueA.id, name: ' ' }, RECORDER_MESSAGES.nameRequired],
      [{ name: 'R' }, RECORDER_MESSAGES.venueRequired],
      [{ venueId: venueA.id, name: 'R', token: 'x' }, 'Unknown field: token'],
    ] as const) {
      const res = await t.json('POST', '/api/admin/recorders', body, adminA.headers);
      expect(res.status).toBe(400);
      expect(await res.json()).toEqual({ message });
    }
    await t.call('createRecorder', { body: { venueId: venueA.id, name: 'R' } }, { headers: adminB.headers, status: 403 });
    await t.call('createRecorder', { body: { venueId: 999, name: 'R' } }, { headers: superAdmin.headers, status: 404 });
    expect(await countRows(t.db, 'recorders')).toBe(0);
  });

  it('refuses a missing, unknown or removed token with 401 at once', async () => {
    const created = await addRecorder();
    for (const headers of [{}, bearer('nope'), { Authorization: 'Basic abc' }]) {
      expect(await t.call('recorderSetup', {}, { headers, status: 401 })).toEqual({ message: RECORDER_MESSAGES.tokenRefused });
    }
    await t.call('deleteRecorder', { params: { id: created.id } }, { headers: adminB.headers, status: 403 });
    await t.call('recorderSetup', {}, { headers: bearer(created.token) });
    expect(await t.call('deleteRecorder', { params: { id: created.id } }, { headers: adminA.headers })).toEqual({
      message: RECORDER_MESSAGES.removed,
    });
    await t.call('recorderSetup', {}, { headers: bearer(created.token), status: 401 });
    await t.call('recorderStatus', { body: { cameras: [] } }, { headers: bearer(created.token), status: 401 });
    await t.call('recorderMarks', { query: { after: '0' } }, { headers: bearer(created.token), status: 401 });
    await t.call('deleteRecorder', { params: { id: created.id } }, { headers: adminA.headers, status: 404 });
  });
});

const camera = (fieldId: number, state: string, extra: Record<string, unknown> = {}) => ({
  fieldId,
  state,
  since: null,
  lastSegmentAt: null,
  bufferSeconds: 600,
  message: null,
  ...extra,
});

describe('camera health', () => {
  async function report(token: string, cameras: unknown[], alerts?: unknown[]) {
    const res = await t.json('POST', '/api/recorder/status', alerts ? { cameras, alerts } : { cameras }, bearer(token));
    expect(res.status).toBe(200);
  }
  const errors = async (status: 'open' | 'all' = 'open') =>
    (await t.call('listErrors', { query: { status } }, { headers: adminA.headers })).entries.filter((e) =>
      ['camera_offline', 'camera_password', 'recorder_alert'].includes(e.kind),
    );

  it('lists an outage in Errors 60 s after the camera stopped and resolves it when recording resumes', async () => {
    const { token, id } = await addRecorder();
    t.clock.set('2026-11-20T07:04:50Z');
    await report(token, [camera(court2.id, 'recording', { since: '2026-11-20T06:00:00Z', lastSegmentAt: '2026-11-20T07:04:49Z' })]);
    t.clock.set('2026-11-20T07:05:00Z');
    await report(token, [camera(court2.id, 'recording', { since: '2026-11-20T06:00:00Z', lastSegmentAt: '2026-11-20T07:04:59Z' })]);
    // Court 2's camera stops at 14:05:00 Jakarta time; the recorder says reconnecting, then offline.
    t.clock.set('2026-11-20T07:05:10Z');
    await report(token, [camera(court2.id, 'reconnecting', { since: '2026-11-20T07:05:02Z', lastSegmentAt: '2026-11-20T07:05:00Z' })]);
    t.clock.set('2026-11-20T07:05:40Z');
    await report(token, [
      camera(court2.id, 'offline', { since: '2026-11-20T07:05:30Z', lastSegmentAt: '2026-11-20T07:05:00Z', message: NO_ANSWER }),
    ]);
    const list = await t.call('listRecorders', {}, { headers: adminA.headers });
    expect(list.recorders[0]).toMatchObject({
      id,
      lastSeenAt: '2026-11-20T07:05:40.000Z',
      cameras: [{ fieldId: court2.id, state: 'offline' }],
    });
    t.clock.set('2026-11-20T07:05:59Z');
    expect(await errors()).toEqual([]);
    t.clock.set('2026-11-20T07:06:00Z');
    await report(token, [
      camera(court2.id, 'offline', { since: '2026-11-20T07:05:30Z', lastSegmentAt: '2026-11-20T07:05:00Z', message: NO_ANSWER }),
    ]);
    const [entry] = await errors();
    expect(entry).toMatchObject({
      kind: 'camera_offline',
      venueId: venueA.id,
      deviceName: 'Recorder 1',
      facts: { court: 'Court 2', since: '2026-11-20T07:05:00.000Z', reason: 'no-answer', detail: FFMPEG_TIMEOUT },
      resolvedAt: null,
    });
    expect(errorEntryText(entry!, 'en').what).toBe(
      `${MESSAGES.errorsTab.cameraOfflineWhat('Court 2', '14:05')} ${MESSAGES.recorders.reasons['no-answer'].what}`,
    );

    t.clock.set('2026-11-20T07:08:00Z');
    await report(token, [camera(court2.id, 'recording', { since: '2026-11-20T07:07:55Z', lastSegmentAt: '2026-11-20T07:07:59Z' })]);
    expect(await errors()).toEqual([]);
    const all = await errors('all');
    expect(all).toMatchObject([{ id: entry!.id, resolvedAt: '2026-11-20T07:08:00.000Z', resolvedBy: null }]);
  });

  it('says a refused password plainly, and never lists a blip under a minute', async () => {
    const { token } = await addRecorder();
    await report(token, [camera(court1.id, 'recording'), camera(court2.id, 'unauthorized', { since: '2026-11-20T07:00:00Z' })]);
    t.clock.set('2026-11-20T07:00:20Z');
    await report(token, [camera(court1.id, 'reconnecting', { since: '2026-11-20T07:00:15Z' }), camera(court2.id, 'unauthorized')]);
    t.clock.set('2026-11-20T07:00:40Z');
    await report(token, [camera(court1.id, 'recording'), camera(court2.id, 'unauthorized')]);
    t.clock.set('2026-11-20T07:01:05Z');
    await report(token, [camera(court1.id, 'recording'), camera(court2.id, 'unauthorized')]);
    expect((await errors('all')).map((e) => [e.kind, errorEntryText(e, 'en').what])).toEqual([
      [
        'camera_password',
        `${MESSAGES.errorsTab.cameraPasswordWhat('Court 2', '14:00')} ${MESSAGES.recorders.reasons['password-refused'].what}`,
      ],
    ]);
  });

  it("shows a silent recorder's cameras offline after 30 s and lists them 60 s after they stopped", async () => {
    const { token } = await addRecorder();
    await report(token, [camera(court1.id, 'recording', { lastSegmentAt: '2026-11-20T06:59:58Z' }), camera(court2.id, 'no-camera')]);
    t.clock.set('2026-11-20T07:00:30Z');
    let cams = (await t.call('listRecorders', {}, { headers: adminA.headers })).recorders[0]!.cameras;
    expect(cams.map((c) => c.state)).toEqual(['recording', 'no-camera']);
    t.clock.set('2026-11-20T07:00:31Z');
    cams = (await t.call('listRecorders', {}, { headers: adminA.headers })).recorders[0]!.cameras;
    // Offline from its last report, which said it recorded (its earlier lastSegmentAt backdates nothing).
    expect(cams.map((c) => [c.state, c.since])).toEqual([
      ['offline', '2026-11-20T07:00:00.000Z'],
      ['no-camera', null],
    ]);
    t.clock.set('2026-11-20T07:00:59Z');
    expect(await errors()).toEqual([]);
    t.clock.set('2026-11-20T07:01:00Z');
    const [entry] = await errors();
    expect(entry?.facts).toEqual({ court: 'Court 1', since: '2026-11-20T07:00:00.000Z', reason: 'recorder-silent', detail: null });
    // The recorder comes back recording: the silence stays in the log, resolved, under the same id.
    t.clock.set('2026-11-20T07:03:00Z');
    await report(token, [camera(court1.id, 'recording'), camera(court2.id, 'no-camera')]);
    expect(await errors()).toEqual([]);
    expect(await errors('all')).toMatchObject([{ id: entry!.id, resolvedAt: '2026-11-20T07:03:00.000Z' }]);
  });

  it('turns a disk-low alert into an Errors entry until the recorder stops sending it', async () => {
    const { token } = await addRecorder();
    await report(token, [], [{ code: 'disk-low', message: 'Only 800 MB free (MIN_FREE_MB 1024): deleting the oldest segments' }]);
    expect(await errors()).toMatchObject([
      {
        kind: 'recorder_alert',
        facts: { recorder: 'Recorder 1', code: 'disk-low', message: 'Only 800 MB free (MIN_FREE_MB 1024): deleting the oldest segments' },
      },
    ]);
    t.clock.advance(10_000);
    await report(token, []);
    expect(await errors()).toEqual([]);
    expect(await errors('all')).toHaveLength(1);
  });

  it("masks a camera password in a recorder's messages and keeps a long one short, without refusing the report", async () => {
    const { token } = await addRecorder();
    const long = `ffmpeg: ${CAMERA}: 401 Unauthorized ${'x'.repeat(3000)}`;
    await report(
      token,
      [camera(court1.id, 'unauthorized', { message: long })],
      [{ code: 'disk-low', message: `${CAMERA} ${'y'.repeat(3000)}` }],
    );
    const [listed] = (await t.call('listRecorders', {}, { headers: adminA.headers })).recorders;
    expect(listed!.cameras[0]!.message).toBe(`ffmpeg: ${MASKED}: 401 Unauthorized ${'x'.repeat(500)}`.slice(0, 500));
    const everything = JSON.stringify([listed, await errors('all')]);
    expect(everything).toContain(MASKED);
    expect(everything).not.toContain(PASSWORD);
  });

  it('refuses a bad report with 400 and stores nothing', async () => {
    const { token } = await addRecorder();
    for (const body of [
      { cameras: [camera(court1.id, 'broken')] },
      { cameras: [camera(court1.id, 'recording', { since: 'yesterday' })] },
      { cameras: [], alerts: [{ code: 'other', message: 'x' }] },
      { cameras: 'none' },
    ]) {
      const res = await t.json('POST', '/api/recorder/status', body, bearer(token));
      expect(res.status).toBe(400);
      expect(((await res.json()) as { message: string }).message).toBeTruthy();
    }
    expect(await countRows(t.db, 'recorder_cameras')).toBe(0);
    expect((await t.db.selectFrom('recorders').select('lastSeenAt').executeTakeFirstOrThrow()).lastSeenAt).toBeNull();
  });
});

describe('marks for the recorder', () => {
  const codeOf = async (fieldId: number) =>
    (await t.db.selectFrom('fields').select('courtCode').where('id', '=', fieldId).executeTakeFirstOrThrow()).courtCode!;
  const mark = async (app: { request: TestApp['app']['request'] }, fieldId: number, cookie: string) => {
    const res = await app.request(`/c/${await codeOf(fieldId)}/mark`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', Cookie: `cr_phone=${cookie}` },
      body: 'lang=en',
    });
    return { status: res.status, html: await res.text() };
  };

  it('starts from the current cursor, then answers a mark the moment it is posted', async () => {
    await t.call('setFieldCamera', { params: { id: court2.id }, body: { url: CAMERA } }, { headers: adminA.headers });
    const { token } = await addRecorder();
    await mark(t.app, court2.id, 'aaaaaaaaaaaaaaaaaaaaaa');
    const first = await t.call('recorderMarks', { query: {} }, { headers: bearer(token) });
    expect(first.marks).toEqual([]);

    const waiting = t.call('recorderMarks', { query: { after: first.cursor } }, { headers: bearer(token) });
    t.clock.set('2026-11-20T07:03:22Z');
    await mark(t.app, court2.id, 'bbbbbbbbbbbbbbbbbbbbbb');
    const answer = await waiting;
    expect(answer.marks).toEqual([{ id: expect.any(Number) as unknown, fieldId: court2.id, at: '2026-11-20T07:03:22.000Z' }]);
    expect(answer.cursor).toBe(String(answer.marks[0]!.id));
    // Marks already there are answered at once.
    expect((await t.call('recorderMarks', { query: { after: first.cursor } }, { headers: bearer(token) })).marks).toHaveLength(1);
    const bad = await t.json('GET', '/api/recorder/marks?after=abc', undefined, bearer(token));
    expect(bad.status).toBe(400);
    expect(await bad.json()).toEqual({ message: RECORDER_MESSAGES.cursorInvalid });
  });

  it('reaches a recorder waiting on another instance, which re-checks the table', async () => {
    await t.call('setFieldCamera', { params: { id: court2.id }, body: { url: CAMERA } }, { headers: adminA.headers });
    const { token } = await addRecorder();
    const other = createApp({ ...t.deps, marks: new MarkSignal({ holdMs: 600_000, recheckMs: 20 }) });
    const callOther = createTestCall((path, init) => other.request(path, init));
    const { cursor } = await callOther('recorderMarks', { query: {} }, { headers: bearer(token) });
    const waiting = callOther('recorderMarks', { query: { after: cursor } }, { headers: bearer(token) });
    await mark(t.app, court2.id, 'cccccccccccccccccccccc');
    expect((await waiting).marks.map((m) => m.fieldId)).toEqual([court2.id]);
  });

  it('answers no marks when the hold runs out', async () => {
    const { token } = await addRecorder();
    const short = createApp({ ...t.deps, marks: new MarkSignal({ holdMs: 30, recheckMs: 10 }) });
    const res = await short.request('/api/recorder/marks?after=0', { headers: bearer(token) });
    expect(await res.json()).toEqual({ marks: [], cursor: '0' });
  });

  it('at a venue with a recorder, refuses a mark on a court without a camera and says why', async () => {
    await t.call('setFieldCamera', { params: { id: court2.id }, body: { url: CAMERA } }, { headers: adminA.headers });
    const before = await mark(t.app, court1.id, 'dddddddddddddddddddddd');
    expect(before.html).toContain('Marked');
    expect(await countRows(t.db, 'court_marks')).toBe(1);

    await addRecorder();
    const refused = await mark(t.app, court1.id, 'eeeeeeeeeeeeeeeeeeeeee');
    expect(refused.status).toBe(200);
    expect(refused.html).toContain(KIOSK_MESSAGES.en.mark.noCamera('Court 1').replace(/'/g, '&#39;'));
    expect(refused.html).toContain(
      'Court 1 has no camera, so no clip is cut for this moment. Look for your rally at the kiosk by its time.',
    );
    expect(await countRows(t.db, 'court_marks')).toBe(1);
    const res = await t.app.request(`/c/${await codeOf(court1.id)}/mark`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', Cookie: 'cr_phone=ffffffffffffffffffffff' },
      body: 'lang=id',
    });
    expect(await res.text()).toContain(KIOSK_MESSAGES.id.mark.noCamera('Court 1'));
    expect((await mark(t.app, court2.id, 'gggggggggggggggggggggg')).html).toContain('Marked');
    expect(await countRows(t.db, 'court_marks')).toBe(2);
  });
});

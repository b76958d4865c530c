// A failure is never green: a camera whose clips cannot be written, a refused password and an
// address the recorder refuses are each their own Errors entry at once, in words an owner can act
// on; a marked moment whose clip cannot come is never promised, neither on the phone at the tap
// nor in the kiosk's Marked moments, and the recorder reports where each marked clip stands.
import { errorEntryText, KIOSK_MESSAGES, maskCameraUrl, MESSAGES } from '@courtreplay/shared';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { makeTestApp, type SeededAdmin, type TestApp } from '../testing/index.ts';

const CAMERA = 'rtsp://admin:S3cret!pw@192.168.1.64:554/Streaming/Channels/101';
const T = MESSAGES.errorsTab;
const R = MESSAGES.recorders.reasons;

let t: TestApp;
let venueA: { id: number };
let court1: { id: number };
let court2: { id: number };
let adminA: SeededAdmin;
let token: string;

beforeEach(async () => {
  t = await makeTestApp();
  t.clock.set('2026-11-20T07:00:00Z'); // 14:00 in Jakarta
  venueA = await t.seed.venue({ name: 'Arena A' });
  court1 = await t.seed.field({ venueId: venueA.id, name: 'Court 1' });
  court2 = await t.seed.field({ venueId: venueA.id, name: 'Court 2' });
  adminA = await t.seed.admin({ role: 'admin', venueId: venueA.id });
  for (const court of [court1, court2]) {
    await t.call('setFieldCamera', { params: { id: court.id }, body: { url: CAMERA } }, { headers: adminA.headers });
  }
  ({ token } = await t.call(
    'createRecorder',
    { body: { venueId: venueA.id, name: 'Front desk' } },
    { headers: adminA.headers, status: 201 },
  ));
});
afterEach(() => t.close());

const camera = (fieldId: number, state: string, extra: Record<string, unknown> = {}) => ({
  fieldId,
  state,
  since: '2026-11-20T07:00:00Z',
  lastSegmentAt: null,
  bufferSeconds: 600,
  message: null,
  ...extra,
});
async function report(cameras: unknown[], alerts?: unknown[]) {
  const res = await t.json('POST', '/api/recorder/status', alerts ? { cameras, alerts } : { cameras }, {
    Authorization: `Bearer ${token}`,
  });
  expect(res.status).toBe(200);
}
const entries = async (status: 'open' | 'all' = 'open') =>
  (await t.call('listErrors', { query: { status } }, { headers: adminA.headers })).entries.map((e) => ({
    kind: e.kind,
    ...errorEntryText(e, 'en'),
    resolvedAt: e.resolvedAt,
  }));

describe('what fails is red and listed at once', () => {
  it('a camera whose clips are not written: the Devices tab says why, the Errors tab lists it at once and closes it when clips flow again', async () => {
    const reason = 'The clips folder D:\\clips\\Court 1 cannot be written (EPERM: operation not permitted).';
    await report([
      camera(court1.id, 'clips-failing', { lastSegmentAt: '2026-11-20T06:59:59Z', message: reason }),
      camera(court2.id, 'recording'),
    ]);
    const [recorder] = (await t.call('listRecorders', {}, { headers: adminA.headers })).recorders;
    expect(recorder!.cameras.find((c) => c.fieldId === court1.id)).toMatchObject({
      state: 'clips-failing',
      message: reason,
      reason: 'folder-not-writable',
      detail: reason,
    });
    const said = {
      kind: 'clips_failing',
      what: `${T.clipsFailingWhat('Court 1', '14:00')} ${R['folder-not-writable'].what}`,
      todo: `${R['folder-not-writable'].todo} ${T.closesWhenClipsWritten}`,
    };
    expect(await entries()).toEqual([{ ...said, detail: reason, resolvedAt: null }]);
    t.clock.advance(20_000);
    await report([camera(court1.id, 'recording'), camera(court2.id, 'recording')]);
    expect(await entries()).toEqual([]);
    expect(await entries('all')).toEqual([{ ...said, detail: null, resolvedAt: '2026-11-20T07:00:20.000Z' }]);
  });

  it('a refused password is its own kind that names the password; an address the recorder refuses says so; a failed task is no disk advice', async () => {
    const refusedUrl = 'The camera address has no host: write it as rtsp://user:password@host:554/path.';
    await report(
      [camera(court1.id, 'unauthorized'), camera(court2.id, 'refused-url', { message: refusedUrl })],
      [{ code: 'task-failed', message: 'Removing old buffer failed: EBUSY: resource busy or locked' }],
    );
    const listed = await entries();
    expect(listed).toEqual(
      expect.arrayContaining([
        {
          kind: 'camera_password',
          what: `${T.cameraPasswordWhat('Court 1', '14:00')} ${R['password-refused'].what}`,
          todo: `${R['password-refused'].todo} ${T.closesWhenRecording}`,
          detail: null,
          resolvedAt: null,
        },
        {
          kind: 'camera_offline',
          what: T.cameraUrlRefusedWhat('Court 2', '14:00'),
          todo: `${R['address-refused'].todo} ${T.closesWhenRecording}`,
          detail: maskCameraUrl(refusedUrl),
          resolvedAt: null,
        },
        {
          kind: 'recorder_alert',
          what: T.recorderAlertWhat('Front desk', T.recorderAlerts['task-failed']),
          todo: T.recorderTaskTodo,
          detail: 'Removing old buffer failed: EBUSY: resource busy or locked',
          resolvedAt: null,
        },
      ]),
    );
    expect(listed).toHaveLength(3);
    expect(T.cameraPasswordWhat('Court 1', '14:00')).toContain('password');
    expect(R['password-refused'].todo).not.toMatch(/cable|power/);
  });
});

describe('a marked clip that cannot come is never promised', () => {
  const codeOf = async (fieldId: number) =>
    (await t.db.selectFrom('fields').select('courtCode').where('id', '=', fieldId).executeTakeFirstOrThrow()).courtCode!;
  const tap = async (fieldId: number, cookie: string, lang = 'en') =>
    (
      await t.app.request(`/c/${await codeOf(fieldId)}/mark`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded', Cookie: `cr_phone=${cookie.padEnd(22, 'x')}` },
        body: `lang=${lang}`,
      })
    ).text();
  const marksOf = () => t.db.selectFrom('court_marks').select(['id', 'fieldId', 'clipState', 'clipReason']).orderBy('id').execute();
  const kioskMarks = async (deviceId: string) => (await t.call('getDevice', { params: { deviceId } })).marks.map((m) => m.fieldId);
  const html = (text: string) => text.replace(/'/g, '&#39;');

  it('at the tap: a camera not recording, or a recorder offline, gets no promise, and the kiosk leaves that mark out', async () => {
    const kiosk = await t.seed.device({ venueId: venueA.id });
    // The recorder has never reported: offline. At a venue with a recorder the page is the phone's
    // store, which keeps the rally for when the venue is back (its uplink may be down while it records).
    expect(await tap(court1.id, 'a')).toContain(html(KIOSK_MESSAGES.en.store.markedOffline('14:00', 'Court 1')));
    await report([camera(court1.id, 'recording'), camera(court2.id, 'offline')]);
    t.clock.advance(11_000);
    await report([camera(court1.id, 'recording'), camera(court2.id, 'offline')]);
    expect(await tap(court2.id, 'b', 'id')).toContain(html(KIOSK_MESSAGES.id.mark.notRecording('14:00', 'Court 2')));
    expect(await tap(court1.id, 'c')).toContain(html(KIOSK_MESSAGES.en.store.marked('14:00', 'Court 1')));
    expect((await marksOf()).map((m) => [m.fieldId, m.clipState, m.clipReason])).toEqual([
      [court1.id, 'failed', 'recorder-offline'],
      [court2.id, 'failed', 'camera-offline'],
      [court1.id, null, null],
    ]);
    expect(await kioskMarks(kiosk.deviceId)).toEqual([court1.id]);
    // The recorder then goes silent: 31 s without a report.
    t.clock.advance(31_000);
    expect(await tap(court2.id, 'd')).toContain(html(KIOSK_MESSAGES.en.store.markedOffline('14:00', 'Court 2')));
  });

  it('the recorder reports where each clip stands: a failed one leaves the kiosk, ready is final, other venues are left alone, bad input is refused', async () => {
    const kiosk = await t.seed.device({ venueId: venueA.id });
    await report([camera(court1.id, 'recording'), camera(court2.id, 'recording')]);
    await tap(court1.id, 'e');
    t.clock.advance(15_000);
    await tap(court2.id, 'f');
    const venueB = await t.seed.venue({ name: 'Arena B' });
    const other = await t.seed.field({ venueId: venueB.id, name: 'Court B' });
    await tap(other.id, 'g');
    const [one, two, foreign] = await marksOf();
    const post = (marks: unknown[]) => t.json('POST', '/api/recorder/mark-states', { marks }, { Authorization: `Bearer ${token}` });

    expect((await post([{ id: one!.id, state: 'cutting', reason: null, message: null }])).status).toBe(200);
    await post([
      { id: one!.id, state: 'ready', reason: null, message: null },
      { id: two!.id, state: 'failed', reason: 'cut-failed', message: `ffmpeg could not open ${CAMERA}` },
      { id: foreign!.id, state: 'failed', reason: 'cut-failed', message: null },
    ]);
    // A late 'cutting' does not undo 'ready'.
    await post([{ id: one!.id, state: 'cutting', reason: null, message: null }]);
    const rows = await t.db.selectFrom('court_marks').select(['id', 'clipState', 'clipReason', 'clipMessage']).orderBy('id').execute();
    expect(rows).toEqual([
      { id: one!.id, clipState: 'ready', clipReason: null, clipMessage: null },
      {
        id: two!.id,
        clipState: 'failed',
        clipReason: 'cut-failed',
        clipMessage: 'ffmpeg could not open rtsp://admin:****@192.168.1.64:554/Streaming/Channels/101',
      },
      { id: foreign!.id, clipState: null, clipReason: null, clipMessage: null },
    ]);
    expect(await kioskMarks(kiosk.deviceId)).toEqual([court1.id]);

    for (const marks of [
      [],
      [{ id: one!.id, state: 'done', reason: null, message: null }],
      [{ id: 'x', state: 'ready', reason: null, message: null }],
    ]) {
      const res = await post(marks);
      expect(res.status).toBe(400);
    }
    expect((await t.json('POST', '/api/recorder/mark-states', { marks: [] }, {})).status).toBe(401);
  });
});

// Why a camera is out, read from what its recorder reports, and an Errors entry worded from its
// facts in the admin's language: the same facts give the English and the Indonesian words.
import { describe, expect, it } from 'vitest';
import type { ErrorEntry } from './api/error-log.ts';
import { cameraReasonOf } from './camera-reasons.ts';
import { errorEntryText } from './error-entry-text.ts';
import { MESSAGES } from './messages.ts';
import { ADMIN_MESSAGES_ID } from './messages-admin-id.ts';

const stopped = (sentence: string, ffmpeg: string) => `${sentence} (ffmpeg: ${ffmpeg})`;

describe('cameraReasonOf', () => {
  it("reads the reason in ffmpeg's words, not in the recorder's sentence, and keeps those words as the detail", () => {
    const words = 'method DESCRIBE failed: 404 Not Found';
    // The sentence names another reason: ffmpeg's words decide.
    expect(cameraReasonOf('offline', stopped('The camera did not answer.', words))).toEqual({ reason: 'no-stream', detail: words });
    expect(cameraReasonOf('reconnecting', stopped('x', 'Connection to tcp://10.0.0.5:554 failed: Connection refused'))).toMatchObject({
      reason: 'connection-refused',
    });
    expect(cameraReasonOf('offline', stopped('x', 'Connection timed out'))).toMatchObject({ reason: 'no-answer' });
    expect(cameraReasonOf('offline', stopped('x', 'something ffmpeg never said before'))).toMatchObject({ reason: 'stopped' });
  });

  it('tells a missing ffmpeg, a refused password, failing clips and a refused address apart', () => {
    expect(cameraReasonOf('offline', 'ffmpeg could not start (spawn ffmpeg ENOENT)')).toEqual({
      reason: 'ffmpeg-missing',
      detail: 'spawn ffmpeg ENOENT',
    });
    expect(cameraReasonOf('unauthorized', stopped('Refused.', '401 Unauthorized'))).toEqual({
      reason: 'password-refused',
      detail: '401 Unauthorized',
    });
    expect(cameraReasonOf('clips-failing', 'No space left on device (ENOSPC)').reason).toBe('disk-full');
    expect(cameraReasonOf('clips-failing', 'The clips folder cannot be written (EPERM)').reason).toBe('folder-not-writable');
    expect(cameraReasonOf('clips-failing', 'ffmpeg exited with code 1').reason).toBe('clips-failing');
    expect(cameraReasonOf('refused-url', 'some text').reason).toBe('address-refused');
  });

  it('gives no reason to a camera that records, unless it sends H.265', () => {
    expect(cameraReasonOf('recording', null)).toEqual({ reason: null, detail: null });
    expect(cameraReasonOf('recording', 'The camera sends H.265 (HEVC)').reason).toBe('h265');
    expect(cameraReasonOf('no-camera', 'anything')).toEqual({ reason: null, detail: null });
  });
});

describe('errorEntryText', () => {
  const entry = (facts: Extract<ErrorEntry, { kind: 'camera_offline' }>['facts']) =>
    ({ kind: 'camera_offline', facts, transactionId: null }) as const;
  const facts = { court: 'Court 2', since: '2026-11-20T07:05:00.000Z', reason: 'no-stream' as const, detail: '404 Not Found' };

  it("words a camera's entry from its facts, with the reason's advice, in the admin's language", () => {
    expect(errorEntryText(entry(facts), 'en')).toEqual({
      what: `${MESSAGES.errorsTab.cameraOfflineWhat('Court 2', '14:05')} ${MESSAGES.recorders.reasons['no-stream'].what}`,
      todo: `${MESSAGES.recorders.reasons['no-stream'].todo} ${MESSAGES.errorsTab.closesWhenRecording}`,
      detail: '404 Not Found',
    });
    expect(errorEntryText(entry(facts), 'id')).toEqual({
      what: `${ADMIN_MESSAGES_ID.errorsTab.cameraOfflineWhat('Court 2', '14:05')} ${ADMIN_MESSAGES_ID.recorders.reasons['no-stream'].what}`,
      todo: `${ADMIN_MESSAGES_ID.recorders.reasons['no-stream'].todo} ${ADMIN_MESSAGES_ID.errorsTab.closesWhenRecording}`,
      detail: '404 Not Found',
    });
  });

  it('falls back on the general advice when the reason is unknown', () => {
    expect(errorEntryText(entry({ ...facts, reason: null, detail: null }), 'en')).toEqual({
      what: MESSAGES.errorsTab.cameraOfflineWhat('Court 2', '14:05'),
      todo: `${MESSAGES.errorsTab.cameraOfflineTodo} ${MESSAGES.errorsTab.closesWhenRecording}`,
      detail: null,
    });
  });

  it('words a kiosk offline and a credential alert in Indonesian from the same facts', () => {
    expect(errorEntryText({ kind: 'kiosk_offline', facts: { minutes: 10 }, transactionId: null }, 'id').what).toBe(
      ADMIN_MESSAGES_ID.errorsTab.offlineWhat(10),
    );
    const alert = {
      kind: 'credential_alert',
      facts: { code: 'midtrans_unauthorized', message: 'Midtrans said 401' },
      transactionId: null,
    } as const;
    expect(errorEntryText(alert, 'id').todo).toBe(ADMIN_MESSAGES_ID.integrations.alertAdvice.midtrans_unauthorized);
    expect(errorEntryText(alert, 'en').todo).toBe(MESSAGES.integrations.alertAdvice.midtrans_unauthorized);
  });
});

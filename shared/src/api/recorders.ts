// The venue's recorder: cameras on courts (PUT /api/field/{id}/camera), recorders as devices of a
// venue (/api/admin/recorders) and the recorder's own calls (/api/recorder/*, bearer token). A
// camera address carries its password: it is accepted here and never shown back to a person, only
// masked (maskCameraUrl); the venue's recorder alone receives it whole.
import { z } from 'zod';
import { CAMERA_URL_PROBLEMS, cameraUrlProblem, SUB_STREAM_NEEDS_CAMERA } from '../camera-url.ts';
import { requiredId, requiredText, timestamp } from './common.ts';
import { MARK_FAILURE_REASONS } from '../mark-failures.ts';
import { CAMERA_REASONS } from '../camera-reasons.ts';

export const RECORDER_MESSAGES = {
  cameraUrlType: 'url must be a text (rtsp://user:password@host:554/path) or null',
  subUrlType: 'subUrl must be a text (rtsp://user:password@host:554/path) or null',
  subUrlWithoutCamera: SUB_STREAM_NEEDS_CAMERA,
  cameraUrlTooLong: CAMERA_URL_PROBLEMS.tooLong,
  cameraUrlSpaces: CAMERA_URL_PROBLEMS.spaces,
  cameraUrlScheme: CAMERA_URL_PROBLEMS.scheme,
  cameraUrlNoHost: CAMERA_URL_PROBLEMS.noHost,
  cameraSaved: 'Camera saved',
  cameraRemoved: 'Camera removed',
  nameRequired: 'Please enter a name for the recorder.',
  venueRequired: 'Please select a venue first.',
  notFound: 'Recorder not found',
  removed: 'Recorder removed: its token no longer works',
  tokenRefused:
    "This recorder's token was revoked or is unknown. Add the recorder again in the back-office (Devices) and use the new token.",
  cursorInvalid: 'after must be a cursor this server gave',
  statusInvalid: 'cameras must list each camera of this venue once',
  statusOtherVenue: "A recorder reports only on its own venue's courts: this report names a court of another venue.",
  statusTooOften:
    'This recorder reports too often (it reports every 10 s, and soon after a camera changes): wait as long as Retry-After says.',
} as const;

/**
 * A camera as its recorder reports it. Besides the camera's own health: `clips-failing` (video
 * arrives but its clips cannot be cut or written, so it is not recording for anyone who wants a
 * clip) and `refused-url` (the recorder refuses the address the server sent it).
 */
export const CAMERA_STATES = ['recording', 'reconnecting', 'offline', 'unauthorized', 'no-camera', 'clips-failing', 'refused-url'] as const;
export type CameraState = (typeof CAMERA_STATES)[number];
/** A recorder's own alerts: its disk running low, and a task of its own that failed (it goes on). */
export const RECORDER_ALERT_CODES = ['disk-low', 'task-failed'] as const;
export type RecorderAlertCode = (typeof RECORDER_ALERT_CODES)[number];

/**
 * Where a marked clip stands. The recorder reports `cutting`, then `ready` or `failed`; the server
 * itself says `failed` at the tap when no clip can come (the camera is not recording, the
 * recorder is offline). `uploading` is for a clip on its way to the venue's storage.
 */
export const MARK_CLIP_STATES = ['cutting', 'uploading', 'ready', 'failed'] as const;
export type MarkClipState = (typeof MARK_CLIP_STATES)[number];
export { MARK_FAILURE_REASONS, type MarkFailureReason } from '../mark-failures.ts';

/** The main-stream paths of common camera brands, shown as hints beside the Camera field. */
export const CAMERA_URL_HINTS = [
  { brand: 'Hikvision', path: '/Streaming/Channels/101' },
  { brand: 'Dahua', path: '/cam/realmonitor?channel=1&subtype=0' },
  { brand: 'Reolink', path: '/h264Preview_01_main' },
] as const;

/**
 * The sub-stream paths of the same brands: the camera's second, low-resolution stream, from which
 * the recorder cuts the phone's preview at no cost (docs/cameras.md, "The sub-stream").
 */
export const CAMERA_SUB_STREAM_HINTS = [
  { brand: 'Hikvision', path: '/Streaming/Channels/102' },
  { brand: 'Dahua', path: '/cam/realmonitor?channel=1&subtype=1' },
  { brand: 'Reolink', path: '/h264Preview_01_sub' },
] as const;

export const CAMERA_URL_EXAMPLE = 'rtsp://admin:password@192.168.1.64:554/Streaming/Channels/101';

export const cameraSchema = z.object({
  url: z.string().meta({ description: 'The camera address with its password shown as ****' }),
  subUrl: z.string().nullable().meta({ description: "The camera's sub-stream address (password ****), or null without one" }),
});

const cameraAddress = (typeError: string) =>
  z.union([z.string(), z.null()], { error: typeError }).superRefine((url, ctx) => {
    const problem = url === null ? null : cameraUrlProblem(url);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  });

/** PUT /field/{id}/camera. */
export const setCameraRequest = z
  .strictObject({
    url: cameraAddress(RECORDER_MESSAGES.cameraUrlType),
    subUrl: cameraAddress(RECORDER_MESSAGES.subUrlType)
      .optional()
      .meta({
        description:
          "The camera's sub-stream (its second, low-resolution stream: the phone's preview is cut from it). Left out: kept as it is; " +
          'null: removed. A null url removes it too.',
      }),
  })
  .refine((body) => !(body.url === null && typeof body.subUrl === 'string'), {
    message: RECORDER_MESSAGES.subUrlWithoutCamera,
    path: ['subUrl'],
  });
export type SetCameraRequest = z.input<typeof setCameraRequest>;

export const cameraFieldResponse = z.object({
  message: z.string(),
  field: z.object({ id: z.number(), name: z.string(), venueId: z.number(), createdAt: timestamp, camera: cameraSchema.nullable() }),
});

export const createRecorderRequest = z.strictObject({
  venueId: requiredId(RECORDER_MESSAGES.venueRequired),
  name: requiredText(100, RECORDER_MESSAGES.nameRequired),
});
export type CreateRecorderRequest = z.input<typeof createRecorderRequest>;

export const createdRecorderResponse = z.object({
  id: z.number(),
  name: z.string(),
  venueId: z.number(),
  token: z.string().meta({ description: 'Shown this once; the server keeps only its hash' }),
});

const instant = z.string().nullable();

export const cameraStatusSchema = z.object({
  fieldId: z.number(),
  state: z.enum(CAMERA_STATES),
  since: instant,
  lastSegmentAt: instant,
  bufferSeconds: z.number().nullable(),
  message: z.string().nullable(),
});
export type CameraStatus = z.infer<typeof cameraStatusSchema>;

/**
 * A camera as the Devices tab shows it: its state as the server judges it now, since when its
 * current failure holds, and why (a code the back-office words; ffmpeg's words as the detail).
 */
export const cameraHealthSchema = cameraStatusSchema.extend({
  since: instant.meta({ description: 'When the camera began recording, or began failing for its current reason' }),
  message: z.string().nullable().meta({ description: "The recorder's own message, password masked" }),
  reason: z.enum(CAMERA_REASONS).nullable(),
  detail: z.string().nullable().meta({ description: "ffmpeg's words, or the recorder's message when it names no known reason" }),
});
export type CameraHealth = z.infer<typeof cameraHealthSchema>;

export const recorderSchema = z.object({
  id: z.number(),
  name: z.string(),
  venueId: z.number(),
  lastSeenAt: instant,
  cameras: z.array(cameraHealthSchema),
});
export type Recorder = z.infer<typeof recorderSchema>;
export const recorderListResponse = z.object({ recorders: z.array(recorderSchema) });

export const recorderSetupResponse = z.object({
  recorder: z.object({ id: z.number(), name: z.string(), venueId: z.number() }),
  venue: z.object({ id: z.number(), name: z.string(), timeZone: z.string() }),
  courts: z.array(
    z.object({
      fieldId: z.number(),
      name: z.string(),
      camera: z
        .object({
          url: z.string(),
          // Optional for a recorder reading a server from before sub-streams.
          subUrl: z
            .string()
            .nullable()
            .optional()
            .meta({ description: 'The sub-stream, recorded beside the main one for previews; null without one' }),
        })
        .nullable(),
    }),
  ),
});

const isInstant = (text: string) => text.length <= 40 && Number.isFinite(Date.parse(text));
const reportedInstant = z.string().refine(isInstant, 'must be an ISO 8601 time').nullable();

export const recorderStatusRequest = z.strictObject({
  cameras: z
    .array(
      z.strictObject({
        fieldId: z.number().int().positive(),
        state: z.enum(CAMERA_STATES),
        since: reportedInstant,
        lastSegmentAt: reportedInstant,
        bufferSeconds: z.number().min(0).max(10_000_000).nullable(),
        // ffmpeg's errors can be long: stored cut to 500 characters, never refused for their length.
        message: z.string().max(20_000).nullable(),
      }),
    )
    .max(200),
  alerts: z
    .array(z.strictObject({ code: z.enum(RECORDER_ALERT_CODES), message: z.string().min(1).max(20_000) }))
    .max(20)
    .optional(),
});
export const recorderOkResponse = z.object({ ok: z.literal(true) });

export const recorderMarksQuery = z.object({
  after: z
    .string()
    .regex(/^\d{1,15}$/, RECORDER_MESSAGES.cursorInvalid)
    .optional(),
});
export const recorderMarksResponse = z.object({
  marks: z.array(z.object({ id: z.number(), fieldId: z.number(), at: z.string() })),
  cursor: z.string(),
});
export type RecorderMarksResponse = z.infer<typeof recorderMarksResponse>;
export type RecorderSetupResponse = z.infer<typeof recorderSetupResponse>;
export type RecorderStatusRequest = z.input<typeof recorderStatusRequest>;

const sentBytes = z.number().int().nonnegative().max(Number.MAX_SAFE_INTEGER);

/** POST /recorder/mark-states: where the recorder's marked clips stand, a few at a time. */
export const recorderMarkStatesRequest = z.strictObject({
  marks: z
    .array(
      z
        .strictObject({
          id: z.number().int().positive(),
          state: z.enum(MARK_CLIP_STATES),
          reason: z.enum(MARK_FAILURE_REASONS).nullable(),
          // Stored cut short, as a camera's message is.
          message: z.string().max(20_000).nullable(),
          bytesSent: sentBytes.optional().meta({ description: "uploading: the clip's and the preview's bytes the storage took so far" }),
          bytesTotal: sentBytes.min(1).optional().meta({ description: 'uploading: the two files together' }),
        })
        .refine((m) => m.bytesSent === undefined || m.bytesTotal === undefined || m.bytesSent <= m.bytesTotal, {
          message: 'bytesSent must not be more than bytesTotal',
          path: ['bytesSent'],
        }),
    )
    .min(1)
    .max(100),
});
export type RecorderMarkStatesRequest = z.input<typeof recorderMarkStatesRequest>;

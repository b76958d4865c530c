// A marked rally's clip on its way from the venue's recorder to the venue's storage, through the
// server: the recorder uploads the clip and its preview with the storage's own protocol (the
// kiosk's: resumable chunks, one presigned PUT, or presigned parts); it reports where each mark
// stands (and the bytes sent) with POST /api/recorder/mark-states (api/recorders.ts).
// Every call is the recorder's (bearer token), about a mark on one of its own venue's courts.
import { z } from 'zod';
import { UPLOAD_KINDS } from './storage.ts';

export const MARK_CLIP_MESSAGES = {
  notFound: 'Mark not found',
  fileTypeInvalid: 'mimeType must be video/mp4 or video/webm',
  fileTooLarge: (max: number) => `size must be at most ${max} bytes`,
  alreadyStored: (kind: string) => `This mark's ${kind} is already stored with another size: it is not sent again.`,
  notComplete: (kind: string) =>
    `The ${kind} is not whole in storage yet: send the rest (POST .../files/${kind} says from where), then complete it.`,
  noUpload: (kind: string) => `No upload of the ${kind} was begun: POST .../files/${kind} first.`,
  sessionExpired: (kind: string) => `The ${kind}'s upload session expired: POST .../files/${kind} again for a new one.`,
  removed: "This mark's clip was removed from storage (a day after the mark, or on its buyer's request).",
  notMultipart: 'This upload is not in parts: send the file to its uploadUrl.',
} as const;

/** The clip a player buys, and its low-resolution preview (at most 640 px wide) that the phone plays. */
export const MARK_FILE_KINDS = ['clip', 'preview'] as const;
export type MarkFileKind = (typeof MARK_FILE_KINDS)[number];

export const MARK_FILE_TYPES = ['video/mp4', 'video/webm'] as const;
/** Far above an 11 s 1080p clip (about 5.5 MB) and its preview (at most 1 MB). */
export const MARK_FILE_MAX_BYTES: Record<MarkFileKind, number> = { clip: 500 * 1024 * 1024, preview: 20 * 1024 * 1024 };

const markFileState = z
  .object({
    size: z.number().int(),
    complete: z.boolean(),
  })
  .nullable();

/** A mark's clip as the server keeps it: what every call about it answers. */
export const markClipResponse = z.object({
  markId: z.number(),
  stored: z.boolean().meta({ description: 'The clip is whole in storage: the phones that marked it may buy it, and play it once bought' }),
  files: z
    .object({ clip: markFileState, preview: markFileState })
    .meta({ description: 'Each file begun, and whether it is whole in storage' }),
});
export type MarkClipResponse = z.infer<typeof markClipResponse>;

export const markFileParams = z.object({
  id: z
    .string()
    .regex(/^[1-9][0-9]{0,14}$/)
    .transform(Number)
    .meta({ description: "The mark's id, as GET /api/recorder/marks gave it" }),
  kind: z.enum(MARK_FILE_KINDS).meta({ description: 'clip or preview' }),
});

export const markFileRequest = z
  .strictObject({
    size: z.number().int().positive().max(Number.MAX_SAFE_INTEGER).meta({ description: "The file's exact length in bytes" }),
    mimeType: z.enum(MARK_FILE_TYPES, { error: MARK_CLIP_MESSAGES.fileTypeInvalid }),
    durationMs: z
      .number()
      .int()
      .positive()
      .max(10 * 60_000)
      .optional()
      .meta({ description: "The clip's length (clip only): the phone shows it beside the preview" }),
  })
  .superRefine((body, ctx) => {
    // The kind is in the path: the larger limit here, the clip's or the preview's in the service.
    if (body.size > MARK_FILE_MAX_BYTES.clip)
      ctx.addIssue({ code: 'custom', path: ['size'], message: MARK_CLIP_MESSAGES.fileTooLarge(MARK_FILE_MAX_BYTES.clip) });
  });
export type MarkFileRequest = z.input<typeof markFileRequest>;

export const markFileResponse = z.object({
  complete: z.boolean().meta({ description: 'The file is whole in storage already: send nothing' }),
  received: z.number().int().nonnegative().meta({ description: 'Bytes the storage holds of it: resume from here' }),
  uploadUrl: z
    .string()
    .nullable()
    .meta({ description: 'Where to send it (null once complete); the same URL for every repeat of this call' }),
  uploadKind: z
    .enum(UPLOAD_KINDS)
    .nullable()
    .meta({
      description:
        'resumable: PUT chunks with Content-Range (308 + Range to continue; a multiple of 256 KiB each but the last); ' +
        'single-put: one PUT of the whole file with its Content-Type and Content-Length; ' +
        'multipart: POST .../parts for presigned part URLs, PUT each part',
    }),
  partSize: z.number().int().positive().optional().meta({ description: 'multipart only: the bytes of every part but the last' }),
});
export type MarkFileResponse = z.infer<typeof markFileResponse>;

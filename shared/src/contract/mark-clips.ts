// The recorder's calls about a marked clip's files: the upload of the clip and its preview to the
// venue's storage through the server (where each mark stands, and the bytes sent, go to
// POST /api/recorder/mark-states). Written so a recorder can be built from these descriptions alone
// (docs/architecture.md, "The recorder" has the walk-through).
import {
  MARK_CLIP_MESSAGES,
  markClipResponse,
  markFileParams,
  markFileRequest,
  markFileResponse,
  multipartPartsResponse,
} from '../api/index.ts';
import { defineEndpoint } from './endpoint.ts';
import { ROUTES } from './routes.ts';

const tag = 'Marked clips (recorder)';

/** 404: an unknown mark, or one on another venue's court (a recorder touches only its own venue's); 502/503: the storage failed or is not set up; 507: the storage is full. */
const COMMON_ERRORS = [404, 502, 503, 507] as const;

const SAME_ANSWER =
  'It answers the mark as the server keeps it ({ stored, files }): a recorder that restarted learns where it stands from it.';

export const markClipEndpoints = {
  beginMarkFile: defineEndpoint({
    ...ROUTES.beginMarkFile,
    tag,
    summary: 'Begins (or resumes) the upload of a marked clip or its preview: where to send it, and how much the storage holds',
    description:
      "Send the file's exact `size` and `mimeType` (video/mp4 or video/webm; the clip also its `durationMs`). The server makes the " +
      "mark's storage folder on the first call and asks the venue's storage (local disk, Google Drive or S3) for an upload session. " +
      'It is idempotent per mark and kind: a repeat with the same size answers the same `uploadUrl` and the bytes the storage ' +
      'already holds (`received`: resume from there), and `complete: true` with no URL once the file is whole, so nothing is ever ' +
      'stored twice. A different size replaces an upload not yet complete (the file was cut again), and is refused (409) once it ' +
      'is. An expired session is replaced by a fresh one (from 0). Send the bytes as `uploadKind` says: `resumable` PUT chunks to ' +
      'uploadUrl with `Content-Range: bytes a-b/size` (every chunk a multiple of 256 KiB but the last; 308 with a `Range` header ' +
      'says where to continue; an empty PUT with `Content-Range: bytes */size` asks; 200/201 when whole); `single-put` one PUT of ' +
      'the whole file with its Content-Type and Content-Length (all or nothing: a broken one is sent again whole); `multipart` ' +
      'POST .../parts, then PUT each part to its URL. Then POST .../complete. Send the preview first: the phone plays it as soon ' +
      'as it is complete, while the clip is still on its way. Report the bytes sent meanwhile with POST /api/recorder/mark-states ' +
      '(`uploading`, `bytesSent`, `bytesTotal`), and `ready` once both files are complete. ' +
      'Local storage hands out URLs on this server (PUBLIC_URL); Google Drive and S3 hand out their own.',
    access: 'recorder',
    params: markFileParams,
    unknownMessage: MARK_CLIP_MESSAGES.notFound,
    body: markFileRequest,
    responses: { 200: markFileResponse },
    errors: [409, ...COMMON_ERRORS],
  }),
  markFileParts: defineEndpoint({
    ...ROUTES.markFileParts,
    tag,
    summary: 'For an upload in parts (S3, large files): the parts the bucket holds, and presigned URLs for the others',
    description:
      "PUT exactly each part's bytes (from `start`, `size` long) to its URL; ask again after an interruption, as the bucket is " +
      'asked which parts it holds. 400 for an upload not in parts; 409 when no upload was begun.',
    access: 'recorder',
    params: markFileParams,
    unknownMessage: MARK_CLIP_MESSAGES.notFound,
    responses: { 200: multipartPartsResponse },
    errors: [409, ...COMMON_ERRORS],
  }),
  completeMarkFile: defineEndpoint({
    ...ROUTES.completeMarkFile,
    tag,
    summary: 'Completes the upload of a marked clip or its preview: the server checks the storage holds it whole',
    description:
      'The server asks the storage itself (the recorder is not taken at its word), completing an upload in parts from the parts ' +
      'the bucket holds. Once the clip is complete it is `stored`: the phones that marked it may buy it, and a purchase ' +
      'waiting for it gets its copy. Asking again changes nothing. 409 while the file is not whole (send the rest: POST .../files/{kind} says from where). ' +
      SAME_ANSWER,
    access: 'recorder',
    params: markFileParams,
    unknownMessage: MARK_CLIP_MESSAGES.notFound,
    responses: { 200: markClipResponse },
    errors: [409, ...COMMON_ERRORS],
  }),
};

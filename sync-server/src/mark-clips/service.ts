// A marked clip on its way to the venue's storage: the recorder uploads the clip and its preview
// into the mark's own folder, with the storage's own protocol (the kiosk's: resumable chunks on
// local disk and Drive, presigned PUTs or parts on S3), and reports the bytes sent with its mark
// states (recorders/marks.ts). Each file has one upload session, kept and answered again, so a
// repeat or a restart resumes it and nothing is stored twice; the server asks the storage whether a
// file is whole (never the recorder's word), and the clip is stored once it is. A recorder touches
// only marks on its own venue's courts.
import {
  formatDateTime24,
  MARK_CLIP_MESSAGES,
  MARK_FILE_MAX_BYTES,
  SERVER_MESSAGES,
  type MarkClipResponse,
  type MarkFileKind,
  type MarkFileResponse,
  type markFileRequest,
} from '@courtreplay/shared';
import type { z } from 'zod';
import type { AppDeps } from '../app-env.ts';
import type { MultipartPlan, StorageProvider, UploadStatus } from '../adapters/ports.ts';
import { conflict, DomainError, invalidInput, notFound } from '../errors.ts';
import type { RecorderRow } from '../recorders/service.ts';
import {
  completeMarkFileRow,
  ensureMarkClip,
  findMarkClip,
  findMarkFile,
  findVenueMark,
  markClipStored,
  markFilesOf,
  saveMarkFile,
  setMarkFolderOnce,
  updateMarkClip,
  venueMarkIds,
  type MarkClipRow,
  type MarkFileRow,
} from './queries.ts';

export type MarkClipDeps = Pick<AppDeps, 'db' | 'clock' | 'storage' | 'logger'> & { config: Pick<AppDeps['config'], 'publicUrl'> };

type MarkFileInput = z.output<typeof markFileRequest>;

const EXTENSION: Record<string, string> = { 'video/mp4': 'mp4', 'video/webm': 'webm' };

function storageOf(deps: MarkClipDeps): StorageProvider {
  if (!deps.storage) throw new DomainError('unavailable', SERVER_MESSAGES.storage.notConfigured);
  return deps.storage;
}

/** The mark's clip row (made on the first call: the recorder has the mark), or 404 for another venue's mark. */
async function ownMarkClip(
  deps: Pick<MarkClipDeps, 'db' | 'clock'>,
  recorder: Pick<RecorderRow, 'venueId'>,
  markId: number,
): Promise<MarkClipRow> {
  const mark = await findVenueMark(deps.db, recorder.venueId, markId);
  if (mark) {
    await ensureMarkClip(deps.db, {
      markId,
      venueId: mark.venueId,
      fieldId: mark.fieldId,
      markedAt: mark.markedAt,
      updatedAt: deps.clock.now().toISOString(),
    });
  }
  // A mark deleted after its day keeps its clip row until the folder goes: still the recorder's own.
  const clip = await findMarkClip(deps.db, markId);
  if (!clip || clip.venueId !== recorder.venueId) throw notFound(MARK_CLIP_MESSAGES.notFound);
  return clip;
}

const fileState = (file: MarkFileRow | undefined) => (file ? { size: file.size, complete: file.completedAt !== null } : null);

/** What every call about a mark answers: its state and its two files as the server keeps them. */
export async function markClipAnswer(deps: Pick<MarkClipDeps, 'db'>, markId: number): Promise<MarkClipResponse> {
  const clip = await findMarkClip(deps.db, markId);
  if (!clip) throw notFound(MARK_CLIP_MESSAGES.notFound);
  const files = await markFilesOf(deps.db, [markId]);
  return {
    markId,
    stored: clip.readyAt !== null,
    files: { clip: fileState(files.find((f) => f.kind === 'clip')), preview: fileState(files.find((f) => f.kind === 'preview')) },
  };
}

export interface ReportOutcome {
  answer: MarkClipResponse;
  /** This call stored the clip (it just became whole in storage). */
  becameReady: boolean;
}

/**
 * The bytes the recorder reports sent (its `uploading` mark states): of its own venue's marks
 * only, and only until the clip is stored.
 */
export async function noteUploadProgress(
  deps: Pick<MarkClipDeps, 'db' | 'clock'>,
  recorder: Pick<RecorderRow, 'venueId'>,
  progress: { id: number; bytesSent: number; bytesTotal: number }[],
): Promise<void> {
  const own = new Set(
    await venueMarkIds(
      deps.db,
      recorder.venueId,
      progress.map((p) => p.id),
    ),
  );
  for (const p of progress.filter((p) => own.has(p.id))) {
    await ownMarkClip(deps, recorder, p.id);
    await updateMarkClip(deps.db, p.id, { bytesSent: p.bytesSent, bytesTotal: p.bytesTotal, updatedAt: deps.clock.now().toISOString() });
  }
}

/** The mark's own folder, made on its first upload (two racing calls keep one, the other's is removed). */
async function markFolder(deps: MarkClipDeps, clip: MarkClipRow, storage: StorageProvider): Promise<string> {
  if (clip.folderId) return clip.folderId;
  const mark = await findVenueMark(deps.db, clip.venueId, clip.markId);
  const name = `${mark?.courtName ?? 'Court'} ${formatDateTime24(clip.markedAt)} (mark ${clip.markId})`;
  const made = await storage.createFolder(name, { baseUrl: deps.config.publicUrl });
  if (await setMarkFolderOnce(deps.db, clip.markId, made.folderId, deps.clock.now().toISOString())) return made.folderId;
  await storage.deleteFolder(made.folderId).catch(() => 0);
  return (await findMarkClip(deps.db, clip.markId))!.folderId!;
}

/** Where an upload session stands; undefined when the storage no longer has it (expired: a new one is needed). */
async function sessionStatus(storage: StorageProvider, file: MarkFileRow): Promise<UploadStatus | undefined> {
  try {
    return await storage.uploadStatus(file.uploadUrl, file.size);
  } catch (err) {
    if (err instanceof DomainError && err.code === 'gone') return undefined;
    throw err;
  }
}

/** Begins or resumes the upload of the mark's clip or preview (idempotent per mark and kind). */
export async function beginMarkFile(
  deps: MarkClipDeps,
  recorder: RecorderRow,
  markId: number,
  kind: MarkFileKind,
  input: MarkFileInput,
): Promise<{ answer: MarkFileResponse; becameReady: boolean }> {
  const done = (answer: MarkFileResponse, becameReady = false) => ({ answer, becameReady });
  if (input.size > MARK_FILE_MAX_BYTES[kind]) throw invalidInput(MARK_CLIP_MESSAGES.fileTooLarge(MARK_FILE_MAX_BYTES[kind]));
  const clip = await ownMarkClip(deps, recorder, markId);
  if (clip.removedAt) throw conflict(MARK_CLIP_MESSAGES.removed);
  const storage = storageOf(deps);
  const now = deps.clock.now().toISOString();
  if (kind === 'clip' && input.durationMs !== undefined)
    await updateMarkClip(deps.db, markId, { durationMs: input.durationMs, updatedAt: now });
  const existing = await findMarkFile(deps.db, markId, kind);
  if (existing?.completedAt) {
    if (existing.size !== input.size) throw conflict(MARK_CLIP_MESSAGES.alreadyStored(kind));
    return done(completeAnswer(existing));
  }
  if (existing && existing.size === input.size && existing.mimeType === input.mimeType) {
    const status = await sessionStatus(storage, existing);
    // Sent whole before a restart lost the complete call: recorded now, never sent again.
    if (status?.complete) return done(completeAnswer(existing), await recordComplete(deps, storage, clip, existing));
    if (status) return done(sessionAnswer(existing, status.received));
  }
  const folderId = await markFolder(deps, clip, storage);
  const fileName = `${kind}.${EXTENSION[input.mimeType] ?? 'mp4'}`;
  const made = await storage.createUploadUrl({
    folderId,
    filename: fileName,
    mimeType: input.mimeType,
    size: input.size,
    origin: undefined,
    baseUrl: deps.config.publicUrl,
  });
  await saveMarkFile(deps.db, {
    markId,
    kind,
    fileName,
    size: input.size,
    mimeType: input.mimeType,
    uploadUrl: made.uploadUrl,
    uploadKind: made.uploadKind ?? 'resumable',
    partSize: made.partSize ?? null,
    fileId: null,
    createdAt: now,
    completedAt: null,
  });
  // The files begun: what the phone's progress counts.
  const files = await markFilesOf(deps.db, [markId]);
  await updateMarkClip(deps.db, markId, { bytesTotal: files.reduce((sum, f) => sum + f.size, 0), updatedAt: now });
  const saved = files.find((f) => f.kind === kind)!;
  return done(sessionAnswer(saved, 0));
}

const completeAnswer = (file: MarkFileRow): MarkFileResponse => ({
  complete: true,
  received: file.size,
  uploadUrl: null,
  uploadKind: null,
});

function sessionAnswer(file: MarkFileRow, received: number): MarkFileResponse {
  return {
    complete: false,
    received,
    uploadUrl: file.uploadUrl,
    uploadKind: file.uploadKind,
    ...(file.partSize ? { partSize: file.partSize } : {}),
  };
}

/** The parts of an upload in parts (S3) the bucket holds, and presigned URLs for the others. */
export async function markFileParts(deps: MarkClipDeps, recorder: RecorderRow, markId: number, kind: MarkFileKind): Promise<MultipartPlan> {
  await ownMarkClip(deps, recorder, markId);
  const storage = storageOf(deps);
  const file = await findMarkFile(deps.db, markId, kind);
  if (!file) throw conflict(MARK_CLIP_MESSAGES.noUpload(kind));
  if (file.uploadKind !== 'multipart' || !storage.multipartParts) throw invalidInput(MARK_CLIP_MESSAGES.notMultipart);
  return storage.multipartParts(file.uploadUrl, file.size);
}

/** The storage holds the file whole: completes it (an upload in parts) and records it; the clip's stores the mark's clip. */
export async function completeMarkFile(
  deps: MarkClipDeps,
  recorder: RecorderRow,
  markId: number,
  kind: MarkFileKind,
): Promise<ReportOutcome> {
  const clip = await ownMarkClip(deps, recorder, markId);
  const file = await findMarkFile(deps.db, markId, kind);
  if (!file) throw conflict(MARK_CLIP_MESSAGES.noUpload(kind));
  let becameReady = false;
  if (!file.completedAt) {
    if (clip.removedAt) throw conflict(MARK_CLIP_MESSAGES.removed);
    const storage = storageOf(deps);
    let status: UploadStatus | undefined;
    try {
      status =
        file.uploadKind === 'multipart' && storage.completeMultipart
          ? await storage.completeMultipart(file.uploadUrl, file.size)
          : await sessionStatus(storage, file);
    } catch (err) {
      if (err instanceof DomainError && (err.code === 'conflict' || err.code === 'gone'))
        throw conflict(MARK_CLIP_MESSAGES.notComplete(kind));
      throw err;
    }
    if (!status) throw conflict(MARK_CLIP_MESSAGES.sessionExpired(kind));
    if (!status.complete) throw conflict(MARK_CLIP_MESSAGES.notComplete(kind));
    becameReady = await recordComplete(deps, storage, clip, file);
  }
  return { answer: await markClipAnswer(deps, markId), becameReady };
}

/** Finds the finished file in the mark's folder and records it; true when it stored the mark's clip. */
async function recordComplete(deps: MarkClipDeps, storage: StorageProvider, clip: MarkClipRow, file: MarkFileRow): Promise<boolean> {
  const folderId = clip.folderId ?? (await findMarkClip(deps.db, clip.markId))?.folderId;
  const stored = folderId ? await storage.listFiles(folderId) : [];
  const [stem] = file.fileName.split('.');
  const found =
    stored.find((f) => f.name === file.fileName && f.size === file.size) ??
    stored.filter((f) => f.name.startsWith(`${stem}`) && f.size === file.size).at(-1);
  if (!found) throw new DomainError('upstream_failed', MARK_CLIP_MESSAGES.notComplete(file.kind));
  const now = deps.clock.now().toISOString();
  await completeMarkFileRow(deps.db, clip.markId, file.kind, found.id, found.name, now);
  if (file.kind !== 'clip') return false;
  return markClipStored(deps.db, clip.markId, now);
}

// What the other features use of this one; its queries.ts is its own.
export {
  deleteSpentMarkClips,
  findMarkClip,
  findMarkFile,
  markClipRemoved,
  markClipsOf,
  markFilesOf,
  type MarkClipRow,
  type MarkFileRow,
  storedClipsMarkedBefore,
} from './queries.ts';

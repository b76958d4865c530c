// A rally's preview, for the phone that marked it only: another phone (or one without its cookie)
// gets the same 404 as for a rally that does not exist.
import type { AppDeps } from '../app-env.ts';
import { findMarkClip, findMarkFile } from '../mark-clips/service.ts';
import { hasClaim } from './queries.ts';

export async function previewOf(deps: Pick<AppDeps, 'db'>, venueId: number, phoneKey: string, markId: number) {
  if (!(await hasClaim(deps.db, phoneKey, markId))) return undefined;
  const clip = await findMarkClip(deps.db, markId);
  if (!clip || clip.venueId !== venueId || clip.removedAt || !clip.folderId) return undefined;
  const file = await findMarkFile(deps.db, markId, 'preview');
  if (!file?.fileId || !file.completedAt) return undefined;
  return { folderId: clip.folderId, fileId: file.fileId, size: file.size, mimeType: file.mimeType };
}

// Resend (spec section 4): ask the server to send the e-mail again; when the purchase has no link
// yet it answers searchLocally, and this browser finds the clips in its stored folder, uploads
// them as videos_{date}_{time}_{n}videos, saves the link and asks for the e-mail again.
import { MESSAGES, type ResendEmailResponse } from '@courtreplay/shared';
import { call, errorMessage } from '../../lib/api-client.ts';
import { extensionOf, mimeTypeOf, uploadFileName, uploadFolderName, videoTitle } from '../../lib/clip-files.ts';
import { ensurePermission, getStoredFolder, listVideoFiles } from '../../lib/folder-access.ts';
import { saveDownloadLink, uploadClips } from '../../lib/uploader.ts';
import { matchClips } from './match-clips.ts';
import type { Transaction } from './queries.ts';

const T = MESSAGES.transactions;

export interface ResendOutcome {
  emailStatus: 'sent' | 'failed';
  /** What was resent: a purchase with only a WhatsApp number gets its WhatsApp message, not an e-mail. */
  channel: 'email' | 'whatsapp';
  message: string;
}

const sent = (message: string): ResendOutcome => ({ emailStatus: 'sent', channel: 'email', message });
const failed = (message: string): ResendOutcome => ({ emailStatus: 'failed', channel: 'email', message });

const askResend = (id: string) => call('resendEmail', { params: { id } });

async function readableFolder(): Promise<FileSystemDirectoryHandle | null> {
  const handle = await getStoredFolder();
  if (!handle) return null;
  return (await ensurePermission(handle, true)) ? handle : null;
}

async function searchLocally(tx: Transaction): Promise<ResendOutcome> {
  const folder = await readableFolder();
  if (!folder) return failed(T.noStoredFolder);
  if (!tx.videoIds.length && !tx.videoTitles.length) return failed(T.noVideoInformation);
  const matches = matchClips(tx, await listVideoFiles(folder));
  if (!matches.length) return failed(T.noMatchingVideos);

  const clips = matches.map((file, i) => ({
    file,
    name: uploadFileName(videoTitle(file.name), i + 1, extensionOf(file.name)),
    mimeType: mimeTypeOf(file.name, file.type),
  }));
  const result = await uploadClips({ name: uploadFolderName(Date.now(), clips.length), purchaseId: tx.id }, clips).catch(() => null);
  if (!result?.folderUrl) {
    await saveDownloadLink(tx.id, null, true).catch(() => undefined);
    return failed(T.uploadFailed);
  }
  await saveDownloadLink(tx.id, result.folderUrl, false);
  const again = await askResend(tx.id);
  return 'searchLocally' in again ? failed(T.processingFailed) : sent(T.foundUploadedSent);
}

const channelOf = (tx: Transaction): ResendOutcome['channel'] => (!tx.email && tx.phone ? 'whatsapp' : 'email');

/** Never rejects: the outcome carries the row's new e-mail status and the message to show. */
export async function resendEmail(tx: Transaction): Promise<ResendOutcome> {
  let answer: ResendEmailResponse;
  try {
    answer = await askResend(tx.id);
  } catch (e) {
    return { ...failed(errorMessage(e, T.resendFailed)), channel: tx.email ? 'email' : channelOf(tx) };
  }
  if (!('searchLocally' in answer)) {
    // The server names what it resent: the WhatsApp message for a purchase with only a number.
    const channel = answer.message === T.whatsappResent ? 'whatsapp' : 'email';
    return { ...sent(channel === 'whatsapp' ? T.whatsappResent : T.resent), channel };
  }
  try {
    return await searchLocally(answer.transaction);
  } catch {
    return failed(T.processingFailed);
  }
}

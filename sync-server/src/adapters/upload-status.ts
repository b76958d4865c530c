// Asks a resumable upload session where it stands, as Google documents for an interrupted upload:
// an empty PUT with `Content-Range: bytes */{total}`. 308 with `Range: bytes=0-{n-1}` means n bytes
// arrived (no Range: none); 200/201 means the file is whole; 404/410 means the session expired.
// Used for both adapters: the local one speaks the same protocol on its signed URLs.
import { SERVER_MESSAGES } from '@courtreplay/shared';
import { DomainError } from '../errors.ts';
import type { RetryTuning } from './drive-rest.ts';
import { OutboundHttpError, outboundFetch } from './outbound-http.ts';
import type { UploadStatus } from './ports.ts';

export async function queryUploadStatus(uploadUrl: string, total: number, tuning: RetryTuning = {}): Promise<UploadStatus> {
  let res: Response;
  try {
    res = await outboundFetch(
      uploadUrl,
      { method: 'PUT', headers: { 'Content-Range': `bytes */${total}`, 'Content-Length': '0' } },
      {
        timeoutMs: tuning.timeoutMs ?? 30_000,
        ...(tuning.fetch ? { fetch: tuning.fetch } : {}),
        ...(tuning.sleep ? { sleep: tuning.sleep } : {}),
        ...(tuning.baseDelayMs !== undefined ? { baseDelayMs: tuning.baseDelayMs } : {}),
      },
    );
  } catch (err) {
    if (err instanceof OutboundHttpError) throw new DomainError('upstream_failed', SERVER_MESSAGES.upload.storageUnreachable(err.message));
    throw err;
  }
  await res.body?.cancel().catch(() => undefined);
  if (res.status === 200 || res.status === 201) return { received: total, complete: true };
  if (res.status === 308) return { received: receivedOf(res.headers.get('range')), complete: false };
  if (res.status === 404 || res.status === 410) throw new DomainError('gone', SERVER_MESSAGES.upload.sessionExpired);
  throw new DomainError('upstream_failed', SERVER_MESSAGES.upload.storageAnswered(res.status));
}

/** `bytes=0-1048575` -> 1048576; no header -> 0. */
export function receivedOf(range: string | null): number {
  const m = /bytes=0-(\d+)/.exec(range ?? '');
  return m ? Number(m[1]) + 1 : 0;
}

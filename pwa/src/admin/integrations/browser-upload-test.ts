// The browser's half of the storage test: the server's test opens a one-chunk upload session
// (details.uploadUrl); PUTting one 256 KiB chunk to it from this page proves what the kiosk needs,
// that the storage accepts a PUT from this origin (CORS) with a Content-Range.
import { STORAGE_TEST_CHUNK_BYTES } from '@courtreplay/shared';

export type BrowserUploadResult = { ok: true } | { ok: false; reason: string };

export async function putTestChunk(uploadUrl: string, fetchImpl: typeof fetch = fetch): Promise<BrowserUploadResult> {
  const size = STORAGE_TEST_CHUNK_BYTES;
  let res: Response;
  try {
    res = await fetchImpl(uploadUrl, {
      method: 'PUT',
      headers: { 'Content-Type': 'application/octet-stream', 'Content-Range': `bytes 0-${size - 1}/${size}` },
      body: new Uint8Array(size),
    });
  } catch (e) {
    // fetch gives no detail on a CORS refusal, by design: name the likely cause.
    return { ok: false, reason: `the request was blocked${e instanceof Error && e.message ? `: ${e.message}` : ''}` };
  }
  // 200/201: the one-chunk file is complete; 308: the chunk was taken and more is expected.
  if (res.ok || res.status === 308) return { ok: true };
  return { ok: false, reason: `HTTP ${res.status}` };
}

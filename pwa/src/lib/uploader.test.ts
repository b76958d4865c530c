import { describe, expect, it } from 'vitest';
import { nextOffsetFromRange, sendClip } from './uploader.ts';

describe('the resumable upload protocol', () => {
  it("continues after the last byte the storage confirmed ('Range: bytes=0-N' -> N + 1)", () => {
    expect(nextOffsetFromRange('bytes=0-262143')).toBe(262_144);
    expect(nextOffsetFromRange('bytes=0-0')).toBe(1);
  });
  it('starts from 0 when the storage confirmed nothing', () => {
    expect(nextOffsetFromRange(null)).toBe(0);
    expect(nextOffsetFromRange('')).toBe(0);
  });
});

describe('how a clip is sent, by the upload kind get-signed-url answered', () => {
  /** Records each request and answers as a storage that keeps every byte would. */
  function recordingStorage() {
    const sent: { contentRange: string | null; bytes: number }[] = [];
    const doFetch: typeof fetch = async (_url, init) => {
      const headers = new Headers(init?.headers);
      const bytes = (init?.body as Blob).size;
      sent.push({ contentRange: headers.get('Content-Range'), bytes });
      const range = /bytes (\d+)-(\d+)\/(\d+)/.exec(headers.get('Content-Range') ?? '');
      if (range && Number(range[2]) + 1 < Number(range[3]))
        return new Response(null, { status: 308, headers: { Range: `bytes=0-${range[2]}` } });
      return new Response(null, { status: 200 });
    };
    return { sent, doFetch };
  }
  const clip = new Blob([new Uint8Array(3000)]);

  it("'single-put' (S3): one PUT of the whole clip, no Content-Range", async () => {
    const { sent, doFetch } = recordingStorage();
    await sendClip({ uploadUrl: 'https://bucket.example/k', uploadKind: 'single-put' }, clip, 'video/mp4', {
      fetch: doFetch,
      chunkBytes: 1000,
    });
    expect(sent).toEqual([{ contentRange: null, bytes: 3000 }]);
  });

  it('none (local disk, Google Drive): the resumable chunks, as before', async () => {
    const { sent, doFetch } = recordingStorage();
    await sendClip({ uploadUrl: 'https://drive.example/s' }, clip, 'video/mp4', { fetch: doFetch, chunkBytes: 1000 });
    expect(sent.map((s) => s.contentRange)).toEqual(['bytes 0-999/3000', 'bytes 1000-1999/3000', 'bytes 2000-2999/3000']);
  });
});

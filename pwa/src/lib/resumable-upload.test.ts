// The resumable loop's count of tries that moved nothing (the PUT itself: put-with-retry.test.ts;
// against the Drive imitation: sync-server/src/adapters/kiosk-upload-resume.test.ts).
import { describe, expect, it } from 'vitest';
import { resumableUpload, UploadError } from './resumable-upload.ts';

const clip = new Blob([new Uint8Array(12).map((_, i) => i + 1)]);
const noSleep = async () => {};

/** A resumable session kept in memory that answers the next statuses first, then as the protocol says. */
function session(...answers: number[]) {
  let received = 0;
  return {
    answers,
    fetch: (async (_url: RequestInfo | URL, init?: RequestInit) => {
      const status = answers.shift();
      if (status !== undefined) return new Response(null, { status });
      const [, start, end, total] = /bytes (\d+)-(\d+)\/(\d+)/.exec(new Headers(init?.headers).get('Content-Range') ?? '')!.map(Number);
      if (start === received) received = end! + 1;
      if (received === total) return new Response(null, { status: 201 });
      return new Response(null, { status: 308, headers: { Range: `bytes=0-${received - 1}` } });
    }) as typeof fetch,
  };
}

describe("the resumable upload's stalls", () => {
  it('counts the stalls in a row: a chunk stored starts the count again', async () => {
    const s = session(503, 503);
    const confirmed: number[] = [];
    const upload = resumableUpload('u', clip, 'video/mp4', {
      fetch: s.fetch,
      chunkBytes: 4,
      maxStalls: 3,
      sleep: noSleep,
      onConfirmed: (o) => {
        // Two more busy answers once the first chunk is stored: four stalls, never three in a row.
        if (o === 4 && !confirmed.includes(4)) s.answers.push(503, 503);
        confirmed.push(o);
      },
    });
    await expect(upload).resolves.toBe('u');
    expect(confirmed.at(-1)).toBe(12);
  });

  it('counts an expired session (404, 410) as a stall, so a storage that expires every new session stops the clip', async () => {
    let renewed = 0;
    const upload = resumableUpload('u', clip, 'video/mp4', {
      fetch: session(404, 410, 404, 410, 404, 410).fetch,
      maxStalls: 2,
      sleep: noSleep,
      renewUrl: async () => {
        if (++renewed > 4) throw new Error('renewed without end');
        return `u${renewed}`;
      },
    });
    await expect(upload).rejects.toThrow(new UploadError('no progress after 2 tries (last: session expired)'));
    expect(renewed).toBe(1);
  });
});

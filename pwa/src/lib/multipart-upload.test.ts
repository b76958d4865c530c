// The kiosk's part loop for large clips on S3 (multipart-upload.ts), against a bucket kept in memory
// that answers as S3 does: what the server lists is what the bucket holds, so a loop started over
// after a reboot sends only the parts still missing. (The same loop runs against s3rver and the
// imitation of the calls it lacks in sync-server/src/adapters/s3-multipart.test.ts.)
import { describe, expect, it } from 'vitest';
import { multipartUpload, PART_CONCURRENCY, type MultipartPlan } from './multipart-upload.ts';
import { StorageBusy, UploadError } from './resumable-upload.ts';

const PART = 4;
const clip = new Blob([new Uint8Array(10).map((_, i) => i + 1)]);

/** What our server and the bucket do, for one upload URL at a time. */
function bucket() {
  const held = new Map<string, Map<number, Uint8Array>>();
  const puts: string[] = [];
  const answers: number[] = [];
  let generation = 0;
  const partsOf = (url: string) => held.get(url) ?? held.set(url, new Map()).get(url)!;
  /** What our server answers the next calls first (an error such as the bucket's SlowDown passed on), then the truth. */
  const refusals: { status: number; retryAfter?: string }[] = [];
  const refuse = () => {
    const next = refusals.shift();
    if (next) throw Object.assign(new Error('The bucket asks this server to slow down (SlowDown)'), { retryAfter: null, ...next });
  };
  const calls: string[] = [];
  const server = {
    gone: new Set<string>(),
    refusals,
    calls,
    askParts: async (url: string): Promise<MultipartPlan> => {
      calls.push(`parts ${url}`);
      refuse();
      if (server.gone.has(url)) throw Object.assign(new Error('NoSuchUpload'), { status: 410 });
      generation++;
      const have = partsOf(url);
      const all = [0, 1, 2].map((i) => ({ partNumber: i + 1, start: i * PART, size: Math.min(PART, 10 - i * PART) }));
      return {
        received: all.filter((p) => have.get(p.partNumber)?.length === p.size).map(({ partNumber, size }) => ({ partNumber, size })),
        parts: all
          .filter((p) => have.get(p.partNumber)?.length !== p.size)
          .map((p) => ({ ...p, uploadUrl: `https://bucket.example/${url}?partNumber=${p.partNumber}&g=${generation}` })),
      };
    },
    complete: async (url: string) => {
      calls.push(`complete ${url}`);
      refuse();
      if (server.gone.has(url)) throw Object.assign(new Error('NoSuchUpload'), { status: 410 });
      if (partsOf(url).size < 3) throw Object.assign(new Error('parts missing'), { status: 409 });
      return { complete: true };
    },
    /** Answers the next part PUTs with these statuses first (then 200). */
    answers,
    puts,
    stored: (url: string) => new Uint8Array([1, 2, 3].flatMap((n) => [...(partsOf(url).get(n) ?? [])])),
    fetch: (async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input));
      puts.push(`${url.pathname.slice(1)} part ${url.searchParams.get('partNumber')}`);
      const status = answers.shift() ?? 200;
      if (status === 200) {
        const bytes = new Uint8Array(await (init!.body as Blob).arrayBuffer());
        partsOf(url.pathname.slice(1)).set(Number(url.searchParams.get('partNumber')), bytes);
      }
      return new Response(null, { status, headers: status === 200 ? { ETag: '"etag"' } : {} });
    }) as typeof fetch,
  };
  return server;
}

const noSleep = async () => {};
/** One part at a time, so the order of the requests is the test's to say. */
const inOrder = { concurrency: 1 };

describe("the kiosk's multipart upload", () => {
  it('PUTs each part the server names with its own bytes, then asks the server to complete', async () => {
    const b = bucket();
    const confirmed: number[] = [];
    const done = await multipartUpload('clip', clip, { ...b, ...inOrder, sleep: noSleep, onConfirmed: (o) => confirmed.push(o) });
    expect(done).toBe('clip');
    expect(b.puts).toEqual(['clip part 1', 'clip part 2', 'clip part 3']);
    expect([...b.stored('clip')]).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(confirmed).toEqual([0, 4, 8, 10, 10]);
  });

  it('keeps PART_CONCURRENCY parts in flight at once, and stores every byte in its place', async () => {
    const b = bucket();
    let inFlight = 0;
    let most = 0;
    const gates: (() => void)[] = [];
    const upload = multipartUpload('clip', clip, {
      ...b,
      sleep: noSleep,
      fetch: (async (input, init) => {
        most = Math.max(most, ++inFlight);
        await new Promise<void>((resolve) => gates.push(resolve));
        inFlight--;
        return b.fetch(input, init);
      }) as typeof fetch,
    });
    await expect.poll(() => gates.length).toBe(PART_CONCURRENCY);
    gates.forEach((open) => open());
    await upload;
    expect(most).toBe(PART_CONCURRENCY);
    expect([...b.stored('clip')]).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
  });

  it('resumes after a reboot with the parts the bucket does not hold, counting the others as sent', async () => {
    const b = bucket();
    b.answers.push(200, 200);
    // The first run dies after two parts (the power goes: the third PUT never returns).
    const died = multipartUpload('clip', clip, {
      ...b,
      ...inOrder,
      fetch: (async (input, init) => {
        if (b.puts.length === 2) throw new TypeError('Failed to fetch');
        return b.fetch(input, init);
      }) as typeof fetch,
      sleep: noSleep,
    });
    await expect(died).rejects.toThrow('Failed to fetch');
    b.puts.length = 0;
    const confirmed: number[] = [];
    await multipartUpload('clip', clip, { ...b, sleep: noSleep, onConfirmed: (o) => confirmed.push(o) });
    expect(b.puts).toEqual(['clip part 3']);
    expect(confirmed[0]).toBe(8);
    expect([...b.stored('clip')]).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
  });

  it("waits and sends a part again on S3's SlowDown (503), and asks for fresh URLs when one expired (403)", async () => {
    const b = bucket();
    b.answers.push(503, 403);
    const sleeps: number[] = [];
    await multipartUpload('clip', clip, { ...b, ...inOrder, sleep: async (ms) => void sleeps.push(ms) });
    expect(sleeps).toHaveLength(1);
    expect(b.puts).toEqual(['clip part 1', 'clip part 1', 'clip part 1', 'clip part 2', 'clip part 3']);
    expect([...b.stored('clip')]).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
  });

  it('asks for a new upload URL once when the upload was aborted (410) and sends the clip over', async () => {
    const b = bucket();
    b.gone.add('clip');
    const done = await multipartUpload('clip', clip, { ...b, sleep: noSleep, renewUrl: async () => 'clip-2' });
    expect(done).toBe('clip-2');
    expect([...b.stored('clip-2')]).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);

    const again = bucket();
    again.gone.add('clip').add('clip-2');
    await expect(multipartUpload('clip', clip, { ...again, sleep: noSleep, renewUrl: async () => 'clip-2' })).rejects.toMatchObject({
      status: 410,
    });
  });

  it('waits and asks again when our server answers 503 (SlowDown) to listing the parts or completing, as its Retry-After asks', async () => {
    const b = bucket();
    b.refusals.push({ status: 503, retryAfter: '60' }, { status: 503 });
    const sleeps: number[] = [];
    const done = await multipartUpload('clip', clip, { ...b, ...inOrder, sleep: async (ms) => void sleeps.push(ms) });
    expect(done).toBe('clip');
    expect(sleeps).toHaveLength(2);
    expect(sleeps[0]).toBe(60_000);
    expect(b.calls).toEqual(['parts clip', 'parts clip', 'parts clip', 'complete clip']);
    expect([...b.stored('clip')]).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);

    // Refused on completion, the parts stay where they are: asked again, nothing is sent twice.
    const late = bucket();
    const refuseCompletion = late.complete;
    let refusedOnce = false;
    late.complete = async (url) => {
      if (!refusedOnce) {
        refusedOnce = true;
        throw Object.assign(new Error('slow down'), { status: 503, retryAfter: null });
      }
      return refuseCompletion(url);
    };
    await multipartUpload('clip', clip, { ...late, ...inOrder, sleep: noSleep });
    expect(late.puts).toEqual(['clip part 1', 'clip part 2', 'clip part 3']);
    expect([...late.stored('clip')]).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
  });

  it('waits when a new upload URL is refused for now (503), and stops with StorageBusy, never UploadError alone, once patience runs out', async () => {
    const b = bucket();
    b.gone.add('clip');
    let asked = 0;
    const renewUrl = async () => {
      if (++asked === 1) throw Object.assign(new Error('slow down'), { status: 503, retryAfter: null });
      return 'clip-2';
    };
    expect(await multipartUpload('clip', clip, { ...b, sleep: noSleep, renewUrl })).toBe('clip-2');
    expect(asked).toBe(2);

    const busy = bucket();
    busy.refusals.push({ status: 503 }, { status: 429 }, { status: 503 });
    await expect(multipartUpload('clip', clip, { ...busy, sleep: noSleep, maxStalls: 3 })).rejects.toBeInstanceOf(StorageBusy);
  });

  it("asks our server again when a part is answered NoSuchUpload (404), and sends the clip over on the server's 410", async () => {
    const b = bucket();
    b.answers.push(404);
    let renewed = 0;
    const done = await multipartUpload('clip', clip, {
      ...b,
      ...inOrder,
      sleep: noSleep,
      fetch: (async (input, init) => {
        // The bucket aborted the upload while the first part was on its way.
        b.gone.add('clip');
        return b.fetch(input, init);
      }) as typeof fetch,
      renewUrl: async () => {
        renewed++;
        return 'clip-2';
      },
    });
    expect(done).toBe('clip-2');
    expect(renewed).toBe(1);
    expect(b.calls).toEqual(['parts clip', 'parts clip', 'parts clip-2', 'complete clip-2']);
    expect([...b.stored('clip-2')]).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
  });

  it('counts the stalls in a row: a part stored starts the count again', async () => {
    const b = bucket();
    b.answers.push(503, 503, 200, 503, 503, 200);
    await multipartUpload('clip', clip, { ...b, ...inOrder, sleep: noSleep, maxStalls: 3 });
    expect([...b.stored('clip')]).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
  });

  it('stops with a reason when the bucket refuses a part, or keeps failing it', async () => {
    const refused = bucket();
    refused.answers.push(400);
    await expect(multipartUpload('clip', clip, { ...refused, ...inOrder, sleep: noSleep })).rejects.toThrow(
      new UploadError('the storage answered 400 to part 1'),
    );
    const busy = bucket();
    busy.answers.push(503, 503, 503);
    await expect(multipartUpload('clip', clip, { ...busy, ...inOrder, sleep: noSleep, maxStalls: 3 })).rejects.toBeInstanceOf(UploadError);
    expect(busy.puts).toHaveLength(3);
  });
});

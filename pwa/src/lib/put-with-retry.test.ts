// The PUT the kiosk's three upload loops share, on a fake clock: `sleep` moves the time on at once,
// so each wait is read off the time of the next request and costs no real seconds.
import { describe, expect, it } from 'vitest';
import { backoffMs, MAX_RETRY_AFTER_MS, putWithRetry, retryAfterMs, Stalls, StorageBusy, UploadError } from './put-with-retry.ts';

const clip = new Blob([new Uint8Array([1, 2, 3, 4])]);

/** A storage answering each PUT with the next status (or failing it with the next error), then 200. */
function storage(...answers: (number | Error)[]) {
  let now = 0;
  const puts: { at: number; url: string; init: RequestInit }[] = [];
  const sleeps: number[] = [];
  return {
    puts,
    sleeps,
    at: () => puts.map((p) => p.at),
    sleep: async (ms: number) => {
      sleeps.push(ms);
      now += ms;
    },
    fetch: (async (input: RequestInfo | URL, init?: RequestInit) => {
      puts.push({ at: now, url: String(input), init: init! });
      const answer = answers.shift() ?? 200;
      if (answer instanceof Error) throw answer;
      return new Response(`<Error>answer ${answer}</Error>`, { status: answer });
    }) as typeof fetch,
  };
}

const offline = () => new TypeError('Failed to fetch');
const busyOn = (stalls: Stalls) => ({ stalls, problem: (status: number) => `the storage answered ${status}` });

describe('putWithRetry', () => {
  it('PUTs the body with the headers given and hands back the answer, its body discarded', async () => {
    const s = storage(201);
    const res = await putWithRetry('https://storage.example/u', clip, { headers: { 'Content-Type': 'video/mp4' }, ...s });
    expect(res.status).toBe(201);
    expect(res.bodyUsed).toBe(true);
    expect(s.puts).toHaveLength(1);
    expect(s.puts[0]).toMatchObject({
      url: 'https://storage.example/u',
      init: { method: 'PUT', headers: { 'Content-Type': 'video/mp4' } },
    });
    expect(s.puts[0]!.init.body).toBe(clip);
  });

  it('hands back any answer that is not busy (308, 403, 404, 410) at once, without sending again', async () => {
    for (const status of [308, 403, 404, 410]) {
      const s = storage(status);
      const res = await putWithRetry('u', clip, { ...s, busy: busyOn(new Stalls(6, s.sleep)) });
      expect(res.status).toBe(status);
      expect(s.puts).toHaveLength(1);
      expect(s.sleeps).toEqual([]);
    }
  });

  it('sends again when the network fails, after 1 s, 2 s and 4 s, and lets the fourth failure in a row through', async () => {
    const gone = offline();
    const s = storage(offline(), offline(), offline(), gone);
    await expect(putWithRetry('u', clip, s)).rejects.toBe(gone);
    expect(s.at()).toEqual([0, 1_000, 3_000, 7_000]);

    const back = storage(offline(), offline(), offline());
    expect((await putWithRetry('u', clip, back)).status).toBe(200);
    expect(back.puts).toHaveLength(4);
  });

  it('starts the network count again after any answer', async () => {
    const s = storage(offline(), offline(), offline(), 503, offline(), offline(), offline());
    const res = await putWithRetry('u', clip, { ...s, busy: busyOn(new Stalls(6, s.sleep)) });
    expect(res.status).toBe(200);
    expect(s.puts).toHaveLength(8);
  });

  it('never sends again once the kiosk aborted', async () => {
    const abort = new AbortController();
    const s = storage(offline());
    abort.abort();
    await expect(putWithRetry('u', clip, { ...s, signal: abort.signal })).rejects.toThrow('Failed to fetch');
    expect(s.puts).toHaveLength(1);
    expect(s.puts[0]!.init.signal).toBe(abort.signal);
    expect(s.sleeps).toEqual([]);
  });

  it('waits out a busy storage (429, 5xx) with a growing backoff and sends again until it takes the body', async () => {
    const s = storage(429, 503, 500);
    const res = await putWithRetry('u', clip, { ...s, busy: busyOn(new Stalls(6, s.sleep)) });
    expect(res.status).toBe(200);
    expect(s.puts).toHaveLength(4);
    const [first, second, third] = s.sleeps;
    expect(first).toBeGreaterThanOrEqual(500);
    expect(first).toBeLessThan(1_000);
    expect(second).toBeGreaterThanOrEqual(1_000);
    expect(second).toBeLessThan(2_000);
    expect(third).toBeGreaterThanOrEqual(2_000);
    expect(third).toBeLessThan(4_000);
  });

  it('hands a busy answer back at once without `busy` (the resumable protocol asks where to continue instead)', async () => {
    const s = storage(503);
    expect((await putWithRetry('u', clip, s)).status).toBe(503);
    expect(s.puts).toHaveLength(1);
  });

  it('stops with a StorageBusy (a refusal for now, not of the clip) naming the last answer at the maxStalls-th busy answer', async () => {
    const s = storage(503, 429, 502);
    const stopped = putWithRetry('u', clip, { ...s, busy: busyOn(new Stalls(3, s.sleep)) });
    await expect(stopped).rejects.toThrow(new UploadError('no progress after 3 tries (last: the storage answered 502)'));
    await expect(stopped).rejects.toBeInstanceOf(StorageBusy);
    expect(s.puts).toHaveLength(3);
    expect(s.sleeps).toHaveLength(2);
  });

  it("waits as long as a busy answer's Retry-After asks when that is longer than the backoff", async () => {
    const sleeps: number[] = [];
    const answers = [
      new Response('<Error><Code>SlowDown</Code></Error>', { status: 503, headers: { 'Retry-After': '20' } }),
      new Response('<Error><Code>SlowDown</Code></Error>', { status: 503, headers: { 'Retry-After': '0' } }),
    ];
    const res = await putWithRetry('u', clip, {
      fetch: (async () => answers.shift() ?? new Response(null, { status: 200 })) as typeof fetch,
      sleep: async (ms) => void sleeps.push(ms),
      busy: busyOn(new Stalls(6, async (ms) => void sleeps.push(ms))),
    });
    expect(res.status).toBe(200);
    expect(sleeps[0]).toBe(20_000);
    // A Retry-After shorter than the backoff does not hurry the kiosk.
    expect(sleeps[1]).toBeGreaterThanOrEqual(1_000);
  });
});

describe('Stalls', () => {
  it('counts stalls across the PUTs that share them, until reset() starts the run again', async () => {
    const s = storage(503, 503);
    const stalls = new Stalls(3, s.sleep);
    await putWithRetry('part-1', clip, { ...s, busy: busyOn(stalls) });
    await expect(putWithRetry('part-2', clip, { ...storage(503), busy: busyOn(stalls) })).rejects.toBeInstanceOf(UploadError);

    stalls.reset();
    const again = storage(503, 503);
    expect((await putWithRetry('part-3', clip, { ...again, busy: busyOn(stalls) })).status).toBe(200);
  });

  it('count() counts without waiting; wait() counts and then waits the backoff', async () => {
    const sleeps: number[] = [];
    const stalls = new Stalls(3, async (ms) => void sleeps.push(ms));
    stalls.count('session expired');
    expect(sleeps).toEqual([]);
    await stalls.wait('the storage kept nothing of the chunk');
    expect(sleeps).toHaveLength(1);
    expect(sleeps[0]).toBeGreaterThanOrEqual(1_000);
    expect(() => stalls.count('session expired')).toThrow(new UploadError('no progress after 3 tries (last: session expired)'));
  });
});

describe('retryAfterMs', () => {
  it('reads seconds or an HTTP date, caps a long one, and ignores what it cannot read', () => {
    const now = Date.parse('2026-11-28T00:00:00Z');
    expect(retryAfterMs('60', now)).toBe(60_000);
    expect(retryAfterMs('Sat, 28 Nov 2026 00:00:30 GMT', now)).toBe(30_000);
    expect(retryAfterMs('86400', now)).toBe(MAX_RETRY_AFTER_MS);
    expect(retryAfterMs('Fri, 27 Nov 2026 00:00:00 GMT', now)).toBe(0);
    expect(retryAfterMs('soon', now)).toBeUndefined();
    expect(retryAfterMs(null, now)).toBeUndefined();
  });
});

describe('backoffMs', () => {
  it('doubles from 500 ms up to 30 s, less up to half at random', () => {
    expect(backoffMs(1, 0)).toBe(500);
    expect(backoffMs(1, 0.5)).toBe(750);
    expect(backoffMs(2, 0)).toBe(1_000);
    expect(backoffMs(5, 1)).toBe(16_000);
    expect(backoffMs(6, 1)).toBe(30_000);
    expect(backoffMs(6, 0)).toBe(15_000);
    expect(backoffMs(20, 1)).toBe(30_000);
  });
});

// A clock for the recorder's unit tests: timers fire only when the test moves the time, in time
// order, and the promises they start are given the chance to settle between them, so minutes of
// backoff and a week of housekeeping cost milliseconds.
import type { Clock } from '../platform.ts';

export interface FakeClock extends Clock {
  /** Moves the time on by `ms`, firing what falls due (timers set meanwhile included). */
  advance(ms: number): Promise<void>;
  /** Lets pending promises and I/O callbacks run, without moving the time. */
  settle(): Promise<void>;
}

const turn = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * `lean` (a soak benchmark's week): the timers of one move run back to back and I/O is let through
 * once at its end, where a test lets it through before and after each timer.
 */
export function fakeClock(start = Date.parse('2026-11-20T07:00:00Z'), { lean = false } = {}): FakeClock {
  let now = start;
  let nextId = 1;
  const due = new Map<number, { at: number; task: () => void }>();
  const turns = lean ? 2 : 5;
  const settle = async () => {
    for (let i = 0; i < turns; i++) await turn();
  };
  const between = lean ? async () => undefined : settle;
  return {
    now: () => now,
    after(ms, task) {
      const id = nextId++;
      due.set(id, { at: now + Math.max(0, ms), task });
      return () => void due.delete(id);
    },
    settle,
    async advance(ms) {
      const end = now + ms;
      await between();
      for (;;) {
        let next: [number, { at: number; task: () => void }] | undefined;
        for (const entry of due) if (entry[1].at <= end && (!next || entry[1].at < next[1].at)) next = entry;
        if (!next) break;
        due.delete(next[0]);
        now = Math.max(now, next[1].at);
        next[1].task();
        await between();
      }
      now = end;
      if (lean) await settle();
    },
  };
}

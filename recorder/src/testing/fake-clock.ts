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

export function fakeClock(start = Date.parse('2026-11-20T07:00:00Z')): FakeClock {
  let now = start;
  let nextId = 1;
  const due = new Map<number, { at: number; task: () => void }>();
  const settle = async () => {
    for (let i = 0; i < 5; i++) await turn();
  };
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
      await settle();
      for (;;) {
        let next: [number, { at: number; task: () => void }] | undefined;
        for (const entry of due) if (entry[1].at <= end && (!next || entry[1].at < next[1].at)) next = entry;
        if (!next) break;
        due.delete(next[0]);
        now = Math.max(now, next[1].at);
        next[1].task();
        await settle();
      }
      now = end;
    },
  };
}

// A clock for the kiosk machines' unit tests: timers fire only when the test moves the time, so the
// spec's waits (the loading screen's 3 s, the 20 s stall, the 3 s polls) cost no real seconds.
import type { TimerApi } from './timers.ts';

export interface FakeClock extends TimerApi {
  now(): number;
  /** Moves the time on, firing what falls due in time order (timers set meanwhile included). */
  advance(ms: number): void;
}

export function fakeClock(start = 1_800_000_000_000): FakeClock {
  let now = start;
  let nextId = 1;
  const due = new Map<number, { at: number; fn: () => void }>();
  return {
    now: () => now,
    setTimeout(fn, ms) {
      const id = nextId++;
      due.set(id, { at: now + Math.max(0, ms), fn });
      return id;
    },
    clearTimeout(handle) {
      due.delete(handle as number);
    },
    advance(ms) {
      const end = now + ms;
      for (;;) {
        const next = [...due].filter(([, t]) => t.at <= end).sort((a, b) => a[1].at - b[1].at || a[0] - b[0])[0];
        if (!next) break;
        due.delete(next[0]);
        now = Math.max(now, next[1].at);
        next[1].fn();
      }
      now = end;
    },
  };
}

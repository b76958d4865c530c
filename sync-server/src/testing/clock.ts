import type { Clock } from '../adapters/ports.ts';

export interface FrozenClock extends Clock {
  set(date: Date | string): void;
  advance(ms: number): void;
}

/** A clock that only moves when told to. */
export function frozenClock(start: Date | string = '2026-11-20T03:00:00.000Z'): FrozenClock {
  let now = new Date(start).getTime();
  return {
    now: () => new Date(now),
    set: (date) => {
      now = new Date(date).getTime();
    },
    advance: (ms) => {
      now += ms;
    },
  };
}

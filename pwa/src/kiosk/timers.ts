// Countdown and inactivity logic, free of React and of the real clock so it can be tested.

/** Whole seconds left of a countdown of `seconds` started at `startedAt` (never below 0). */
export function secondsLeft(seconds: number, startedAt: number, now: number): number {
  return Math.max(0, seconds - Math.floor((now - startedAt) / 1000));
}

export interface TimerApi {
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

const realTimers: TimerApi = {
  setTimeout: (fn, ms) => globalThis.setTimeout(fn, ms),
  clearTimeout: (h) => globalThis.clearTimeout(h as ReturnType<typeof setTimeout>),
};

/** Calls onIdle once after `timeoutMs` without activity; each poke() restarts the wait. */
export function createInactivityTimer(timeoutMs: number, onIdle: () => void, timers: TimerApi = realTimers) {
  let handle: unknown = null;
  let stopped = false;
  const arm = () => {
    if (handle !== null) timers.clearTimeout(handle);
    handle = timers.setTimeout(() => {
      handle = null;
      if (!stopped) onIdle();
    }, timeoutMs);
  };
  arm();
  return {
    poke() {
      if (!stopped) arm();
    },
    stop() {
      stopped = true;
      if (handle !== null) timers.clearTimeout(handle);
      handle = null;
    },
  };
}

/** The events that count as someone using the kiosk. */
export const ACTIVITY_EVENTS = ['pointerdown', 'pointermove', 'keydown', 'wheel', 'touchstart', 'scroll'] as const;

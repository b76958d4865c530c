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

export interface IdleWatchOptions {
  /** How long without activity before the kiosk asks 'Still there?'. */
  idleMs: number;
  /** How long the question waits for an answer before the kiosk gives up on the player. */
  graceMs: number;
  onAsk: () => void;
  onIdle: () => void;
  timers?: TimerApi;
}

export interface IdleWatch {
  /** Someone touched the screen: restarts the wait, unless the question is already asked. */
  poke(): void;
  /** The player answered 'Still there?': the question goes and the wait starts again. */
  stay(): void;
  /** A preview is playing (true) or stopped (false): playing counts as activity the whole time. */
  setBusy(busy: boolean): void;
  stop(): void;
}

/**
 * After `idleMs` without activity asks once (onAsk); unanswered for `graceMs`,
 * gives up (onIdle, once). While busy nothing runs; the wait starts afresh when busy ends. Ambient
 * activity while asking does not answer: only stay() does, so a stray touch cannot hide the
 * question unseen.
 */
export function createIdleWatch({ idleMs, graceMs, onAsk, onIdle, timers = realTimers }: IdleWatchOptions): IdleWatch {
  let phase: 'watching' | 'asking' | 'busy' | 'stopped' = 'watching';
  let handle: unknown = null;
  const clear = () => {
    if (handle !== null) timers.clearTimeout(handle);
    handle = null;
  };
  const watch = () => {
    clear();
    phase = 'watching';
    handle = timers.setTimeout(() => {
      phase = 'asking';
      handle = timers.setTimeout(() => {
        handle = null;
        phase = 'stopped';
        onIdle();
      }, graceMs);
      onAsk();
    }, idleMs);
  };
  watch();
  return {
    poke() {
      if (phase === 'watching') watch();
    },
    stay() {
      if (phase === 'asking') watch();
    },
    setBusy(busy) {
      if (phase === 'stopped' || phase === 'asking') return;
      if (busy) {
        clear();
        phase = 'busy';
      } else if (phase === 'busy') {
        watch();
      }
    },
    stop() {
      clear();
      phase = 'stopped';
    },
  };
}

/** The events that count as someone using the kiosk. */
export const ACTIVITY_EVENTS = ['pointerdown', 'pointermove', 'keydown', 'wheel', 'touchstart', 'scroll'] as const;

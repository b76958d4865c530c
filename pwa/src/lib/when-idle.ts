// Start-up work that no first screen needs (the outbox, the kiosk's upkeep and heartbeat) waits
// until the first screen has what it was waiting for, then for the browser's next idle moment. On a
// slow kiosk PC, loading and running it at once held the home screen's "See Your …" back by more
// than half a second after the server had answered; the browser is also idle while the home waits
// for that answer, so waiting for an idle moment alone was not enough.

/** How long the work may wait for the first screen, and then for an idle moment, at most. */
export const IDLE_WAIT_MAX_MS = 2_000;

type IdleWindow = {
  requestIdleCallback?: (fn: () => void, options: { timeout: number }) => number;
  cancelIdleCallback?: (id: number) => void;
};

let firstScreenReady = false;
const waitingForFirstScreen = new Set<() => void>();

/** Said by the first screen once it shows what it was waiting for (the kiosk: the device's status). */
export function firstScreenShown(): void {
  if (firstScreenReady) return;
  firstScreenReady = true;
  for (const go of [...waitingForFirstScreen]) go();
}

/** Runs `fn` once the browser is idle (or after IDLE_WAIT_MAX_MS); returns the cancel. */
function onIdle(fn: () => void): () => void {
  const w = globalThis as unknown as IdleWindow;
  if (w.requestIdleCallback && w.cancelIdleCallback) {
    const id = w.requestIdleCallback(fn, { timeout: IDLE_WAIT_MAX_MS });
    return () => w.cancelIdleCallback!(id);
  }
  const id = setTimeout(fn, 0);
  return () => clearTimeout(id);
}

/**
 * Runs `fn` once the first screen is shown (or IDLE_WAIT_MAX_MS has passed without it) and then the
 * browser is idle; returns the cancel.
 */
export function whenIdle(fn: () => void): () => void {
  if (firstScreenReady) return onIdle(fn);
  let cancelIdle: (() => void) | null = null;
  const go = () => {
    clearTimeout(timer);
    waitingForFirstScreen.delete(go);
    cancelIdle = onIdle(fn);
  };
  const timer = setTimeout(go, IDLE_WAIT_MAX_MS);
  waitingForFirstScreen.add(go);
  return () => {
    clearTimeout(timer);
    waitingForFirstScreen.delete(go);
    cancelIdle?.();
  };
}

/** For tests: back to a page that has not shown its first screen. */
export function resetFirstScreenForTests(): void {
  firstScreenReady = false;
  waitingForFirstScreen.clear();
}

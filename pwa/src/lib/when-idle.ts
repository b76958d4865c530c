// Start-up work that no first screen needs (the outbox, the kiosk's upkeep and heartbeat) waits for
// the browser's first idle moment: on a slow kiosk PC, loading and running it at once held the home
// screen's "See Your …" back by more than half a second after the server had answered.

/** How long the work may wait for an idle moment at most. */
export const IDLE_WAIT_MAX_MS = 2_000;

type IdleWindow = {
  requestIdleCallback?: (fn: () => void, options: { timeout: number }) => number;
  cancelIdleCallback?: (id: number) => void;
};

/** Runs `fn` once the browser is idle (or after IDLE_WAIT_MAX_MS); returns the cancel. */
export function whenIdle(fn: () => void): () => void {
  const w = globalThis as unknown as IdleWindow;
  if (w.requestIdleCallback && w.cancelIdleCallback) {
    const id = w.requestIdleCallback(fn, { timeout: IDLE_WAIT_MAX_MS });
    return () => w.cancelIdleCallback!(id);
  }
  const id = setTimeout(fn, 0);
  return () => clearTimeout(id);
}

// Wakes a recorder's long-poll (GET /api/recorder/marks) the moment a mark is stored on this
// instance. A mark stored by another instance (two servers on PostgreSQL) wakes nobody here, so a
// waiting long-poll also looks at the table again every `recheckMs`: the signal makes delivery
// immediate, the re-check makes it certain.

export interface MarkSignalOptions {
  /** How long a long-poll holds without a mark before it answers an empty list. */
  holdMs?: number;
  /** How often a waiting long-poll looks at the table again (marks stored by another instance). */
  recheckMs?: number;
}

export const MARKS_HOLD_MS = 25_000;
export const MARKS_RECHECK_MS = 1_000;

export class MarkSignal {
  readonly holdMs: number;
  readonly recheckMs: number;
  private readonly waiters = new Map<number, Set<() => void>>();
  private closed = false;

  constructor(options: MarkSignalOptions = {}) {
    this.holdMs = options.holdMs ?? MARKS_HOLD_MS;
    this.recheckMs = options.recheckMs ?? MARKS_RECHECK_MS;
  }

  /** A mark was stored at the venue: every long-poll of its recorders looks again now. */
  notify(venueId: number): void {
    const waiting = this.waiters.get(venueId);
    if (!waiting) return;
    this.waiters.delete(venueId);
    for (const wake of waiting) wake();
  }

  /** Whether the server is stopping: long-polls answer at once instead of holding it open. */
  get stopping(): boolean {
    return this.closed;
  }

  /** Resolves on the venue's next mark here, after `ms`, on `abort`, or when the server stops. */
  wait(venueId: number, ms: number, abort?: AbortSignal): Promise<void> {
    if (this.closed || abort?.aborted) return Promise.resolve();
    return new Promise((resolve) => {
      const waiting = this.waiters.get(venueId) ?? new Set<() => void>();
      this.waiters.set(venueId, waiting);
      const done = () => {
        clearTimeout(timer);
        abort?.removeEventListener('abort', done);
        waiting.delete(done);
        if (waiting.size === 0 && this.waiters.get(venueId) === waiting) this.waiters.delete(venueId);
        resolve();
      };
      const timer = setTimeout(done, ms);
      abort?.addEventListener('abort', done, { once: true });
      waiting.add(done);
    });
  }

  /** The server is stopping: wakes every long-poll, which answers what it has. */
  close(): void {
    this.closed = true;
    for (const venueId of [...this.waiters.keys()]) this.notify(venueId);
  }
}

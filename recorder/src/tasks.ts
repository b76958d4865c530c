// The recorder's timers, each one's work caught: a task that throws (a file another program holds,
// a full disk, a folder it may not write in) is logged once, raised as a task-failed alert the
// Errors tab lists, and run again at its next turn; the other tasks and the cameras go on. The
// alert goes when the task works again. A task still running at its next turn is not started twice.
import type { Logger } from './log.ts';
import type { Clock } from './platform.ts';

export class Tasks {
  private readonly failures = new Map<string, string>();
  private readonly cancels = new Set<() => void>();
  private readonly busy = new Set<string>();
  private stopped = false;

  constructor(
    private readonly clock: Clock,
    private readonly log: Logger,
    /** Called when the failing tasks change (the server hears of it soon). */
    private readonly changed: () => void,
  ) {}

  /** Runs `task` every `ms`, guarded. */
  every(name: string, ms: number, task: () => unknown): void {
    const turn = () => {
      if (this.stopped) return;
      const cancel = this.clock.after(ms, () => {
        this.cancels.delete(cancel);
        void this.run(name, task).finally(turn);
      });
      this.cancels.add(cancel);
    };
    turn();
  }

  /** Runs `task` once now, guarded; a run of the same task still going is not doubled. */
  async run(name: string, task: () => unknown): Promise<void> {
    if (this.stopped || this.busy.has(name)) return;
    this.busy.add(name);
    try {
      await task();
      if (this.failures.delete(name)) {
        this.log.info(`${name} works again.`);
        this.changed();
      }
    } catch (error) {
      const message = `${name} failed: ${error instanceof Error ? error.message : String(error)}`;
      if (this.failures.get(name) !== message) {
        this.log.error(`${message} The recorder goes on and tries again.`);
        this.failures.set(name, message);
        this.changed();
      }
    } finally {
      this.busy.delete(name);
    }
  }

  /** What fails now, in one message for the task-failed alert; null when everything works. */
  get failing(): string | null {
    return this.failures.size ? [...this.failures.values()].join(' ') : null;
  }

  stop(): void {
    this.stopped = true;
    for (const cancel of this.cancels) cancel();
    this.cancels.clear();
  }
}

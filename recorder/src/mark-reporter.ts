// Telling the server where each marked clip stands (cutting, ready, failed with a reason), so the
// phone and the kiosk never promise a clip that failed. The reports not yet accepted are part of
// the recorder's saved state: a report is never lost to a restart or an unreachable server, only
// sent later; a newer state of a mark replaces an older one still waiting.
import type { Clock } from './platform.ts';
import { RevokedError, ServerAnswerError, UnreachableError, type ServerClient } from './server.ts';
import type { MarkReport, RecorderState } from './state-store.ts';

const BATCH = 100;

export class MarkReporter {
  private sending = false;

  constructor(
    private readonly state: RecorderState,
    private readonly server: Pick<ServerClient, 'markStates'>,
    private readonly save: () => void,
    private readonly clock: Clock,
  ) {}

  /** Queues reports (saved with the state) and sends them at once. */
  add(reports: readonly MarkReport[]): void {
    if (!reports.length) return;
    const ids = new Set(reports.map((r) => r.id));
    this.state.reports = [...this.state.reports.filter((r) => !ids.has(r.id)), ...reports];
    try {
      this.save();
    } catch {
      // Kept in memory and sent; only a restart meanwhile would lose the report (the clip is not lost).
    }
    this.clock.after(0, () => void this.flush().catch(() => undefined));
  }

  /** Sends what waits; an unreachable server or a refusal leaves it for the next turn. */
  async flush(): Promise<void> {
    if (this.sending || !this.state.reports.length) return;
    this.sending = true;
    try {
      const batch = this.state.reports.slice(0, BATCH);
      await this.server.markStates({ marks: batch });
      // Only what was sent goes: a newer state that came meanwhile waits for the next turn.
      this.state.reports = this.state.reports.filter((r) => !batch.includes(r));
      try {
        this.save();
      } catch {
        // Sent: a restart would send them again, which changes nothing at the server.
      }
    } catch (error) {
      if (!(error instanceof UnreachableError || error instanceof ServerAnswerError || error instanceof RevokedError)) throw error;
    } finally {
      this.sending = false;
    }
  }
}

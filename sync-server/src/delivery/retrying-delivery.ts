// What every delivery channel shares (the purchase e-mail, the WhatsApp message): sent exactly once
// per purchase, claimed by one row in the channel's claim table (queries.ts), retried after a
// temporary failure with growing waits from a due time stored on that row (so retries survive a
// restart), by a worker that picks due deliveries on a timer and at start-up. A channel says when
// its purchase is deliverable, how to send, how to read a failure and how to record the outcome.
import type { Logger } from 'pino';
import type { Clock } from '../adapters/ports.ts';
import type { Db } from '../db/database.ts';
import { runExclusive, type JobName } from '../db/exclusive.ts';
import {
  claimDelivery,
  dueDeliveries,
  findDelivery,
  markSending,
  recordAttempt,
  requeueInterrupted,
  scheduleRetry,
  takeDue,
  type DeliveryTable,
} from './queries.ts';

/** How a failed send is handled: retried later, final, or (handed over, never confirmed) taken as sent. */
export interface DeliveryFailure {
  kind: string;
  /** Worth another try later, as is. */
  readonly retryable: boolean;
  /** One plain line, shown on the purchase. */
  reason: string;
}

export interface RetryingDeliveryOptions {
  db: Db;
  clock: Clock;
  logger: Logger;
  /** Waits after the 1st, 2nd, ... temporary failure; the last one repeats. */
  retryDelaysMs?: number[];
  /** How long after the first attempt temporary failures are still retried. */
  retryWindowMs?: number;
  /** How often the worker looks for due retries. */
  pollMs?: number;
}

const MINUTE = 60_000;
/** 1, 5, 15 and 30 minutes, 1 and 2 hours, then every 4 hours: about ten tries in a day. */
export const DEFAULT_RETRY_DELAYS_MS = [1, 5, 15, 30, 60, 120, 240].map((m) => m * MINUTE);
export const DEFAULT_RETRY_WINDOW_MS = 24 * 60 * MINUTE;
const DEFAULT_POLL_MS = 30_000;

export abstract class RetryingDelivery<F extends { id: string }> {
  private readonly running = new Set<Promise<void>>();
  private readonly delays: number[];
  private timer: NodeJS.Timeout | undefined;
  private pass: Promise<void> | undefined;

  /** The channel's claim table and its worker's lock. */
  protected abstract readonly table: DeliveryTable;
  protected abstract readonly job: JobName;
  /** 'e-mail', 'WhatsApp message': for log lines. */
  protected abstract readonly label: string;
  /**
   * What a due delivery whose last send never recorded its outcome (the server stopped while the
   * provider had it) becomes: undefined to send it again, or the reason it is taken as unconfirmed
   * (never sent again: the provider may have taken it).
   */
  protected interruptedSend(): string | undefined {
    return undefined;
  }

  constructor(protected readonly base: RetryingDeliveryOptions) {
    this.delays = base.retryDelaysMs?.length ? base.retryDelaysMs : DEFAULT_RETRY_DELAYS_MS;
  }

  /** What the send and its records need; undefined for an unknown purchase. */
  protected abstract facts(purchaseId: string): Promise<F | undefined>;
  /** The purchase may get this channel's message now (paid or free, a contact, whatever else the channel waits for). */
  protected abstract deliverable(facts: F): boolean;
  /** The first send already ended (sent or failed): only a resend sends again. */
  protected abstract settled(facts: F): boolean;
  /** Sends; resolves to the provider's id of the message, when it gives one. */
  protected abstract send(facts: F): Promise<string | undefined>;
  protected abstract failureOf(err: unknown): DeliveryFailure;
  protected abstract recordSent(facts: F, at: Date, particulars: { messageId?: string; unconfirmed?: string }): Promise<void>;
  protected abstract recordFailed(facts: F, at: Date, reason: string, failure: DeliveryFailure | undefined): Promise<void>;
  /** Masked particulars of the recipient, for log lines. */
  protected abstract logged(facts: F): Record<string, unknown>;
  /** Masks what a failure's reason may echo of the recipient. */
  protected masked(reason: string): string {
    return reason;
  }
  /** Told of a message handed over but never confirmed (the Integrations panel). */
  protected unconfirmed(_facts: F, _failure: DeliveryFailure): void {}

  purchaseChanged(purchaseId: string): Promise<void> {
    return this.track(this.deliverIfDue(purchaseId));
  }

  /**
   * Starts the retry worker: due deliveries now (also those a stop cut short, once their send lease
   * has lapsed), then on a timer.
   * Resolves once the interrupted ones are queued; the sends run behind (idle() waits for them),
   * so a slow provider never holds up the start of the server.
   */
  async start(): Promise<void> {
    await requeueInterrupted(this.base.db, this.table, this.base.clock.now());
    void this.runDue();
    this.timer = setInterval(() => void this.runDue(), this.base.pollMs ?? DEFAULT_POLL_MS);
    this.timer.unref();
  }

  stop(): void {
    clearInterval(this.timer);
    this.timer = undefined;
  }

  /** One pass of the worker: every delivery whose retry time has come gets its attempt. */
  runDue(): Promise<void> {
    // A pass still sending (a slow server) is left to finish: the next tick finds what it left.
    if (this.pass) return this.pass;
    this.pass = this.track(this.attemptDue()).finally(() => (this.pass = undefined));
    return this.pass;
  }

  /** Resolves when no send is in progress (tests, shutdown). */
  async idle(): Promise<void> {
    while (this.running.size > 0) await Promise.allSettled([...this.running]);
  }

  /**
   * A resend on an admin's request: claims the delivery too (no automatic send may follow it), sends
   * once, records the outcome. Rejects with the failure when it did not go; a send handed over but
   * never confirmed counts as sent.
   */
  protected async resendNow(facts: F): Promise<void> {
    const { db, clock, logger } = this.base;
    await claimDelivery(db, this.table, facts.id, clock.now());
    await markSending(db, this.table, facts.id, clock.now());
    let messageId: string | undefined;
    try {
      messageId = await this.send(facts);
    } catch (err) {
      const failure = this.failureOf(err);
      if (failure.kind === 'unconfirmed') return this.sentUnconfirmed(facts, failure);
      logger.warn({ purchaseId: facts.id, reason: this.masked(failure.reason) }, `resent ${this.label} failed`);
      await recordAttempt(db, this.table, facts.id, clock.now(), failure.reason);
      await this.recordFailed(facts, clock.now(), failure.reason, failure);
      throw err;
    }
    await recordAttempt(db, this.table, facts.id, clock.now());
    await this.recordSent(facts, clock.now(), messageId ? { messageId } : {});
  }

  private async attemptDue(): Promise<void> {
    const { db, logger } = this.base;
    try {
      // Each due delivery is taken atomically (takeDue) anyway; the lock spares the instances racing for them.
      await runExclusive(db, this.job, () => this.attemptEachDue());
    } catch (err) {
      logger.error({ err }, `the ${this.label} retry worker failed; it tries again on its next round`);
    }
  }

  private async attemptEachDue(): Promise<void> {
    const { db, clock } = this.base;
    for (const due of await dueDeliveries(db, this.table, clock.now())) {
      if (!(await takeDue(db, this.table, due.purchaseId, due.nextAttemptAt, clock.now()))) continue;
      const facts = await this.facts(due.purchaseId);
      if (!facts || !this.deliverable(facts)) {
        await recordAttempt(db, this.table, due.purchaseId, clock.now(), 'The purchase has nothing to send any more');
        continue;
      }
      const inDoubt = due.sendingSince === null ? undefined : this.interruptedSend();
      if (inDoubt !== undefined) {
        await this.sentUnconfirmed(facts, { kind: 'unconfirmed', retryable: false, reason: inDoubt });
        continue;
      }
      await this.attempt(facts);
    }
  }

  private async deliverIfDue(purchaseId: string): Promise<void> {
    const { db, clock } = this.base;
    const facts = await this.facts(purchaseId);
    if (!facts || this.settled(facts) || !this.deliverable(facts)) return;
    if (!(await claimDelivery(db, this.table, purchaseId, clock.now()))) return;
    await this.attempt(facts);
  }

  /** One send; a temporary failure is given its next due time, anything else is final. */
  private async attempt(facts: F): Promise<void> {
    const { db, clock, logger } = this.base;
    await markSending(db, this.table, facts.id, clock.now());
    let messageId: string | undefined;
    try {
      messageId = await this.send(facts);
    } catch (err) {
      const failure = this.failureOf(err);
      if (failure.kind === 'unconfirmed') return this.sentUnconfirmed(facts, failure);
      const next = failure.retryable ? await this.nextAttemptAt(facts.id) : undefined;
      if (next) {
        await scheduleRetry(db, this.table, facts.id, next, failure.reason);
        logger.warn(
          { purchaseId: facts.id, reason: this.masked(failure.reason), next: next.toISOString() },
          `purchase ${this.label} not accepted yet; retrying later`,
        );
        return;
      }
      const reason = failure.retryable ? `Gave up after a day of retries: ${failure.reason}` : failure.reason;
      await recordAttempt(db, this.table, facts.id, clock.now(), reason);
      await this.recordFailed(facts, clock.now(), reason, failure);
      logger.warn({ purchaseId: facts.id, reason: this.masked(reason) }, `purchase ${this.label} failed for good`);
      return;
    }
    await recordAttempt(db, this.table, facts.id, clock.now());
    await this.recordSent(facts, clock.now(), messageId ? { messageId } : {});
    logger.info({ purchaseId: facts.id, ...this.logged(facts) }, `purchase ${this.label} sent`);
  }

  /**
   * The provider had the whole message and never answered: it may have reached the player. Sending
   * again could give them two, so it is recorded as sent, with the doubt shown to the operator.
   */
  private async sentUnconfirmed(facts: F, failure: DeliveryFailure): Promise<void> {
    const { db, clock, logger } = this.base;
    await recordAttempt(db, this.table, facts.id, clock.now(), `Unconfirmed: ${failure.reason}`);
    await this.recordSent(facts, clock.now(), { unconfirmed: failure.reason });
    this.unconfirmed(facts, failure);
    logger.warn(
      { purchaseId: facts.id, reason: this.masked(failure.reason) },
      `purchase ${this.label} handed over but not confirmed; not sent again`,
    );
  }

  /** The next try's time (the last one at the end of the retry window), or undefined once it has passed. */
  private async nextAttemptAt(purchaseId: string): Promise<Date | undefined> {
    const row = await findDelivery(this.base.db, this.table, purchaseId);
    if (!row) return undefined;
    const now = this.base.clock.now().getTime();
    const windowEnd = Date.parse(row.claimedAt) + (this.base.retryWindowMs ?? DEFAULT_RETRY_WINDOW_MS);
    if (now >= windowEnd) return undefined;
    const delay = this.delays[Math.min(row.attempts, this.delays.length - 1)]!;
    return new Date(Math.min(now + delay, windowEnd));
  }

  private async track(job: Promise<void>): Promise<void> {
    this.running.add(job);
    try {
      await job;
    } finally {
      this.running.delete(job);
    }
  }
}

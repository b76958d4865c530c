// The Delivery port: the purchase e-mail goes out exactly once, when the purchase is paid (or free)
// and its link is saved, whichever comes last. Both events call purchaseChanged; a claim row (see
// queries.ts) lets exactly one of them send. SMTP failures are retried with backoff in the
// background (the caller waits for the first attempt only), then recorded.
import type { Logger } from 'pino';
import type { Clock, Delivery, Mailer, MailMessage } from '../adapters/ports.ts';
import type { Db } from '../db/database.ts';
import { HttpError } from '../http/errors.ts';
import { composePurchaseMail } from '../mail/compose.ts';
import { recordEmailOutcome } from '../purchases/queries.ts';
import { claimDelivery, findMailFacts, isDeliverable, recordAttempt, releaseClaim, storedEmailCopy, unfinishedClaims, type MailFacts } from './queries.ts';

export interface MailDeliveryOptions {
  db: Db;
  mailer: Mailer;
  clock: Clock;
  logger: Logger;
  productName: string;
  /** Waits between attempts; attempts = delays + 1. */
  retryDelaysMs?: number[];
}

export const DEFAULT_RETRY_DELAYS_MS = [5_000, 30_000, 120_000];

export class MailDelivery implements Delivery {
  private readonly running = new Set<Promise<void>>();
  private readonly delays: number[];

  constructor(private readonly options: MailDeliveryOptions) {
    this.delays = options.retryDelaysMs ?? DEFAULT_RETRY_DELAYS_MS;
  }

  purchaseChanged(purchaseId: string): Promise<void> {
    return this.track(this.deliverIfDue(purchaseId));
  }

  async resend(purchaseId: string): Promise<void> {
    const { db, clock, logger } = this.options;
    const facts = await findMailFacts(db, purchaseId);
    if (!facts) throw new HttpError(404, 'Transaction not found');
    if (!isDeliverable(facts)) throw new HttpError(409, 'This transaction has no link to send yet.');
    // A resend also settles the first send: no automatic e-mail may follow it.
    await claimDelivery(db, purchaseId, clock.now());
    try {
      await this.options.mailer.send(await this.compose(facts));
    } catch (err) {
      const message = errorText(err);
      logger.warn({ err, purchaseId }, 'resend failed');
      await recordAttempt(db, purchaseId, clock.now());
      await recordEmailOutcome(db, purchaseId, { status: 'failed', error: message, at: clock.now() });
      throw new HttpError(502, 'Failed to resend email');
    }
    await recordAttempt(db, purchaseId, clock.now());
    await recordEmailOutcome(db, purchaseId, { status: 'sent', at: clock.now() });
  }

  private async deliverIfDue(purchaseId: string): Promise<void> {
    const { db, clock } = this.options;
    const facts = await findMailFacts(db, purchaseId);
    if (!facts || facts.emailStatus !== null || !isDeliverable(facts)) return;
    if (!(await claimDelivery(db, purchaseId, clock.now()))) return;
    const message = await this.compose(facts);
    // The caller (a kiosk saving its link) waits for the first attempt only; retries run behind.
    if ((await this.attempt(facts, message, 0)) === 'retry') void this.track(this.retryLater(facts, message));
  }

  private async retryLater(facts: MailFacts, message: MailMessage): Promise<void> {
    for (let attempt = 1; attempt <= this.delays.length; attempt++) {
      await sleep(this.delays[attempt - 1]!);
      if ((await this.attempt(facts, message, attempt)) !== 'retry') return;
    }
  }

  /** One send; records the outcome when it is final. */
  private async attempt(facts: MailFacts, message: MailMessage, attempt: number): Promise<'sent' | 'retry' | 'failed'> {
    const { db, clock, logger, mailer } = this.options;
    try {
      await mailer.send(message);
    } catch (err) {
      const last = attempt >= this.delays.length;
      await recordAttempt(db, facts.id, last ? clock.now() : null);
      logger.warn({ err, purchaseId: facts.id, attempt: attempt + 1 }, last ? 'purchase e-mail failed for good' : 'purchase e-mail failed; retrying');
      if (!last) return 'retry';
      await recordEmailOutcome(db, facts.id, { status: 'failed', error: errorText(err), at: clock.now() });
      return 'failed';
    }
    await recordAttempt(db, facts.id, clock.now());
    await recordEmailOutcome(db, facts.id, { status: 'sent', at: clock.now() });
    logger.info({ purchaseId: facts.id, to: facts.email }, 'purchase e-mail sent');
    return 'sent';
  }

  /** Picks up sends that a stopped server left half-done (at start-up). */
  async resumeInterrupted(): Promise<void> {
    for (const id of await unfinishedClaims(this.options.db)) {
      await releaseClaim(this.options.db, id);
      void this.purchaseChanged(id).catch((err: unknown) => this.options.logger.error({ err, purchaseId: id }, 'resumed delivery failed'));
    }
  }

  /** Resolves when no send is in progress (tests, shutdown). */
  async idle(): Promise<void> {
    while (this.running.size > 0) await Promise.allSettled([...this.running]);
  }

  private async compose(facts: MailFacts) {
    return composePurchaseMail({
      to: facts.email,
      productName: this.options.productName,
      purchaseId: facts.id,
      clipCount: facts.videoCount,
      link: facts.zipUrl ?? '',
      storedCopy: await storedEmailCopy(this.options.db),
    });
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

function errorText(err: unknown): string {
  return (err instanceof Error ? err.message : String(err)).slice(0, 500);
}

const sleep = (ms: number) => new Promise<void>((done) => setTimeout(done, ms));

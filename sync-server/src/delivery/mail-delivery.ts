// The Delivery port: the purchase e-mail goes out exactly once, when the purchase is paid (or free)
// and its link is saved, whichever comes last. Both events call purchaseChanged; a claim row (see
// queries.ts) lets exactly one of them send. The caller waits for the first attempt only.
//
// What happens after a failed attempt follows the SMTP answer (RFC 5321): a 4xx (and 552), or no
// answer, is retried with growing waits for up to a day; the due time is stored on the claim row, so
// retries survive a restart, and a worker (start()) picks due deliveries on a timer and at start-up.
// A 5xx fails at once with the server's reason stored on the purchase. A configuration error (refused
// login, certificate, TLS mode) also fails at once, with a plain reason, and its credential alert
// tells the operator to fix SMTP_URL and resend: retrying a wrong login for a day can lock the
// account. A server that took the whole message and then went silent may have delivered it: the
// e-mail counts as sent (never sent twice) and the Integrations panel and Errors say it is
// unconfirmed, so an operator can ask the player and resend.
import { DEFAULT_KIOSK_LANGUAGE, INTEGRATION_MESSAGES, SERVER_MESSAGES, MESSAGES } from '@courtreplay/shared';
import type { Logger } from 'pino';
import { asMailError, type MailError } from '../adapters/mail-error.ts';
import type { Clock, Delivery, Mailer } from '../adapters/ports.ts';
import type { IntegrationHealth } from '../integrations/health.ts';
import type { Db } from '../db/database.ts';
import { runExclusive } from '../db/exclusive.ts';
import { DomainError } from '../errors.ts';
import { composePurchaseMail } from '../mail/compose.ts';
import { maskAddress, maskAddressesIn } from '../mail/redact.ts';
import { recordPurchaseEvent } from '../purchases/events.ts';
import { ensurePhoneToken, phoneUrlOf } from '../purchases/phone-token.ts';
import { recordEmailOutcome, UNKNOWN_VENUE } from '../purchases/queries.ts';
import { clipsKeptUntil } from '../purchases/retention.ts';
import {
  claimDelivery,
  dueDeliveries,
  findDelivery,
  findMailFacts,
  isDeliverable,
  recordAttempt,
  requeueInterrupted,
  scheduleRetry,
  storedEmailCopy,
  takeDue,
  type MailFacts,
} from './queries.ts';

export interface MailDeliveryOptions {
  db: Db;
  mailer: Mailer;
  clock: Clock;
  logger: Logger;
  productName: string;
  /** PUBLIC_URL: the phone page's origin. */
  publicUrl: string;
  /** RETENTION_DAYS: the e-mail says until when the clips are kept. */
  retentionDays: number;
  /** Waits after the 1st, 2nd, ... temporary failure; the last one repeats. */
  retryDelaysMs?: number[];
  /** How long after the first attempt temporary failures are still retried. */
  retryWindowMs?: number;
  /** How often the worker looks for due retries. */
  pollMs?: number;
  /** Told of an e-mail whose sending was not confirmed. */
  health?: IntegrationHealth;
}

const MINUTE = 60_000;
/** 1, 5, 15 and 30 minutes, 1 and 2 hours, then every 4 hours: about ten tries in a day. */
export const DEFAULT_RETRY_DELAYS_MS = [1, 5, 15, 30, 60, 120, 240].map((m) => m * MINUTE);
export const DEFAULT_RETRY_WINDOW_MS = 24 * 60 * MINUTE;
const DEFAULT_POLL_MS = 30_000;

export class MailDelivery implements Delivery {
  private readonly running = new Set<Promise<void>>();
  private readonly delays: number[];
  private timer: NodeJS.Timeout | undefined;
  private pass: Promise<void> | undefined;

  constructor(private readonly options: MailDeliveryOptions) {
    this.delays = options.retryDelaysMs?.length ? options.retryDelaysMs : DEFAULT_RETRY_DELAYS_MS;
  }

  purchaseChanged(purchaseId: string): Promise<void> {
    return this.track(this.deliverIfDue(purchaseId));
  }

  async resend(purchaseId: string): Promise<void> {
    const { db, clock, logger } = this.options;
    const facts = await findMailFacts(db, purchaseId);
    if (!facts) throw new DomainError('not_found', SERVER_MESSAGES.purchases.transactionNotFound);
    if (!isDeliverable(facts)) throw new DomainError('conflict', SERVER_MESSAGES.purchases.noLinkYet);
    // A resend also settles the first send: no automatic e-mail may follow it.
    await claimDelivery(db, purchaseId, clock.now());
    try {
      await this.options.mailer.send(await this.compose(facts));
    } catch (err) {
      const failure = asMailError(err);
      if (failure.kind === 'unconfirmed') return this.sentUnconfirmed(facts, failure);
      const reason = failure.reason;
      // The reason, masked, not the error: an SMTP error carries the recipient (rejected, envelope).
      logger.warn({ purchaseId, reason: maskAddressesIn(reason) }, 'resend failed');
      await recordAttempt(db, purchaseId, clock.now(), reason);
      await recordEmailOutcome(db, purchaseId, { status: 'failed', error: reason, at: clock.now() });
      await recordPurchaseEvent(db, { purchaseId, kind: 'email_failed', at: clock.now(), detail: { to: facts.email, reason } });
      throw new DomainError('upstream_failed', MESSAGES.transactions.resendFailed);
    }
    await recordAttempt(db, purchaseId, clock.now());
    await recordEmailOutcome(db, purchaseId, { status: 'sent', at: clock.now() });
    await recordPurchaseEvent(db, { purchaseId, kind: 'email_sent', at: clock.now(), detail: { to: facts.email } });
  }

  /**
   * Starts the retry worker: due deliveries now (also those a stop cut short, once their send lease
   * has lapsed), then on a timer.
   * Resolves once the interrupted ones are queued; the sends run behind (idle() waits for them),
   * so a slow SMTP server never holds up the start of the server.
   */
  async start(): Promise<void> {
    await requeueInterrupted(this.options.db, this.options.clock.now());
    void this.runDue();
    this.timer = setInterval(() => void this.runDue(), this.options.pollMs ?? DEFAULT_POLL_MS);
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

  private async attemptDue(): Promise<void> {
    const { db, logger } = this.options;
    try {
      // Each due delivery is taken atomically (takeDue) anyway; the lock spares the instances racing for them.
      await runExclusive(db, 'mailRetry', () => this.attemptEachDue());
    } catch (err) {
      logger.error({ err }, 'the e-mail retry worker failed; it tries again on its next round');
    }
  }

  private async attemptEachDue(): Promise<void> {
    const { db, clock } = this.options;
    for (const due of await dueDeliveries(db, clock.now())) {
      if (!(await takeDue(db, due.purchaseId, due.nextAttemptAt, clock.now()))) continue;
      const facts = await findMailFacts(db, due.purchaseId);
      if (!facts || !isDeliverable(facts)) {
        await recordAttempt(db, due.purchaseId, clock.now(), 'The purchase has no link to send any more');
        continue;
      }
      await this.attempt(facts);
    }
  }

  private async deliverIfDue(purchaseId: string): Promise<void> {
    const { db, clock } = this.options;
    const facts = await findMailFacts(db, purchaseId);
    if (!facts || facts.emailStatus !== null || !isDeliverable(facts)) return;
    if (!(await claimDelivery(db, purchaseId, clock.now()))) return;
    await this.attempt(facts);
  }

  /** One send; a temporary failure is given its next due time, anything else is final. */
  private async attempt(facts: MailFacts): Promise<void> {
    const { db, clock, logger, mailer } = this.options;
    try {
      await mailer.send(await this.compose(facts));
    } catch (err) {
      const failure = asMailError(err);
      if (failure.kind === 'unconfirmed') return this.sentUnconfirmed(facts, failure);
      const next = failure.retryable ? await this.nextAttemptAt(facts.id) : undefined;
      if (next) {
        await scheduleRetry(db, facts.id, next, failure.reason);
        logger.warn(
          { purchaseId: facts.id, reason: maskAddressesIn(failure.reason), next: next.toISOString() },
          'purchase e-mail not accepted yet; retrying later',
        );
        return;
      }
      const reason = failure.retryable ? `Gave up after a day of retries: ${failure.reason}` : failure.reason;
      await recordAttempt(db, facts.id, clock.now(), reason);
      await recordEmailOutcome(db, facts.id, { status: 'failed', error: reason, at: clock.now() });
      await recordPurchaseEvent(db, { purchaseId: facts.id, kind: 'email_failed', at: clock.now(), detail: { to: facts.email, reason } });
      logger.warn({ purchaseId: facts.id, reason: maskAddressesIn(reason) }, 'purchase e-mail failed for good');
      return;
    }
    await recordAttempt(db, facts.id, clock.now());
    await recordEmailOutcome(db, facts.id, { status: 'sent', at: clock.now() });
    await recordPurchaseEvent(db, { purchaseId: facts.id, kind: 'email_sent', at: clock.now(), detail: { to: facts.email } });
    logger.info({ purchaseId: facts.id, to: maskAddress(facts.email) }, 'purchase e-mail sent');
  }

  /**
   * The server had the whole message and never answered: it may be in the player's inbox. Sending
   * again could give them two, so it is recorded as sent, with the doubt shown to the operator.
   */
  private async sentUnconfirmed(facts: MailFacts, failure: MailError): Promise<void> {
    const { db, clock, logger } = this.options;
    await recordAttempt(db, facts.id, clock.now(), `Unconfirmed: ${failure.reason}`);
    await recordEmailOutcome(db, facts.id, { status: 'sent', at: clock.now() });
    await recordPurchaseEvent(db, {
      purchaseId: facts.id,
      kind: 'email_sent',
      at: clock.now(),
      detail: { to: facts.email, unconfirmed: failure.reason },
    });
    this.options.health?.failed('mail', INTEGRATION_MESSAGES.smtpUnconfirmed(facts.id));
    logger.warn(
      { purchaseId: facts.id, reason: maskAddressesIn(failure.reason) },
      'purchase e-mail handed over but not confirmed; not sent again',
    );
  }

  /** The next try's time (the last one at the end of the retry window), or undefined once it has passed. */
  private async nextAttemptAt(purchaseId: string): Promise<Date | undefined> {
    const row = await findDelivery(this.options.db, purchaseId);
    if (!row) return undefined;
    const now = this.options.clock.now().getTime();
    const windowEnd = Date.parse(row.claimedAt) + (this.options.retryWindowMs ?? DEFAULT_RETRY_WINDOW_MS);
    if (now >= windowEnd) return undefined;
    const delay = this.delays[Math.min(row.attempts, this.delays.length - 1)]!;
    return new Date(Math.min(now + delay, windowEnd));
  }

  private async compose(facts: MailFacts) {
    const { db, productName, publicUrl, retentionDays } = this.options;
    const token = facts.phoneToken ?? (await ensurePhoneToken(db, facts.id))!;
    const phoneUrl = phoneUrlOf(publicUrl, token);
    const at = facts.paidAt ?? facts.createdAt;
    const clipTitles = titlesOf(facts);
    return composePurchaseMail({
      to: facts.email,
      productName,
      language: facts.language ?? facts.venueLanguage ?? DEFAULT_KIOSK_LANGUAGE,
      receipt: {
        id: facts.id,
        venueName: facts.venueName ?? UNKNOWN_VENUE,
        courtName: facts.fieldName,
        at,
        clipTitles,
        // The phone page numbers each clip by the position the player chose it in (issue 23 point 4).
        clipUrls: clipTitles.map((_, i) => `${phoneUrl}/clip/${i + 1}?download=1`),
        subtotal: facts.subtotal,
        discount: facts.discount,
        totalAmount: facts.totalAmount,
        promoCode: facts.promoCode,
      },
      phoneUrl,
      // A private folder's purchase has the phone page as its link: no second copy of it.
      folderUrl: facts.zipUrl === phoneUrl ? null : facts.zipUrl,
      retentionDays,
      keptUntil: clipsKeptUntil(at, retentionDays),
      storedCopy: await storedEmailCopy(db),
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

/** The clips' titles (their ids for an older purchase without titles). */
function titlesOf(facts: MailFacts): string[] {
  const parse = (json: string): string[] => {
    const value: unknown = JSON.parse(json);
    return Array.isArray(value) ? value.map(String) : [];
  };
  const titles = parse(facts.videoTitles);
  return titles.length > 0 ? titles : Array.from({ length: facts.videoCount }, (_, i) => `#${i + 1}`);
}

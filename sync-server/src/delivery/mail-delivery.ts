// The purchase e-mail: out exactly once, when the purchase is paid (or free) and its link is saved,
// whichever comes last, and only when the player gave an address. Both events call purchaseChanged;
// the claim row and the retries are retrying-delivery.ts's. The caller waits for the first attempt only.
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
import { asMailError } from '../adapters/mail-error.ts';
import type { Delivery, Mailer } from '../adapters/ports.ts';
import type { IntegrationHealth } from '../integrations/health.ts';
import { DomainError } from '../errors.ts';
import { composePurchaseMail } from '../mail/compose.ts';
import { maskAddress, maskAddressesIn } from '../mail/redact.ts';
import { recordPurchaseEvent } from '../purchases/events.ts';
import { ensurePhoneToken, phoneUrlOf } from '../purchases/phone-token.ts';
import { clipCourtNames, recordEmailOutcome, UNKNOWN_VENUE } from '../purchases/service.ts';
import { clipsKeptUntil } from '../purchases/retention.ts';
import { findMailFacts, isDeliverable, storedEmailCopy, type MailFacts } from './queries.ts';
import { RetryingDelivery, type DeliveryFailure, type RetryingDeliveryOptions } from './retrying-delivery.ts';

export { DEFAULT_RETRY_DELAYS_MS, DEFAULT_RETRY_WINDOW_MS } from './retrying-delivery.ts';

export interface MailDeliveryOptions extends RetryingDeliveryOptions {
  mailer: Mailer;
  productName: string;
  /** PUBLIC_URL: the phone page's origin. */
  publicUrl: string;
  /** RETENTION_DAYS: the e-mail says until when the clips are kept. */
  retentionDays: number;
  /** Told of an e-mail whose sending was not confirmed. */
  health?: IntegrationHealth;
}

export class MailDelivery extends RetryingDelivery<MailFacts> implements Delivery {
  protected readonly table = 'email_deliveries' as const;
  protected readonly job = 'mailRetry' as const;
  protected readonly label = 'e-mail';

  constructor(private readonly options: MailDeliveryOptions) {
    super(options);
  }

  async resend(purchaseId: string): Promise<void> {
    const facts = await findMailFacts(this.options.db, purchaseId);
    if (!facts) throw new DomainError('not_found', SERVER_MESSAGES.purchases.transactionNotFound);
    if (!isDeliverable(facts)) throw new DomainError('conflict', SERVER_MESSAGES.purchases.noLinkYet);
    try {
      await this.resendNow(facts);
    } catch {
      throw new DomainError('upstream_failed', MESSAGES.transactions.resendFailed);
    }
  }

  protected facts(purchaseId: string): Promise<MailFacts | undefined> {
    return findMailFacts(this.options.db, purchaseId);
  }

  protected deliverable(facts: MailFacts): boolean {
    return isDeliverable(facts);
  }

  protected settled(facts: MailFacts): boolean {
    return facts.emailStatus !== null;
  }

  protected async send(facts: MailFacts): Promise<undefined> {
    await this.options.mailer.send({ ...(await this.compose(facts)), purchaseId: facts.id });
  }

  protected failureOf(err: unknown): DeliveryFailure {
    return asMailError(err);
  }

  protected async recordSent(facts: MailFacts, at: Date, particulars: { unconfirmed?: string }): Promise<void> {
    await recordEmailOutcome(this.options.db, facts.id, { status: 'sent', at });
    const detail = particulars.unconfirmed ? { to: facts.email, unconfirmed: particulars.unconfirmed } : { to: facts.email };
    await recordPurchaseEvent(this.options.db, { purchaseId: facts.id, kind: 'email_sent', at, detail });
  }

  protected async recordFailed(facts: MailFacts, at: Date, reason: string): Promise<void> {
    await recordEmailOutcome(this.options.db, facts.id, { status: 'failed', error: reason, at });
    await recordPurchaseEvent(this.options.db, { purchaseId: facts.id, kind: 'email_failed', at, detail: { to: facts.email, reason } });
  }

  protected logged(facts: MailFacts): Record<string, unknown> {
    return { to: maskAddress(facts.email) };
  }

  // The reason, masked, not the error: an SMTP error carries the recipient (rejected, envelope).
  protected override masked(reason: string): string {
    return maskAddressesIn(reason);
  }

  protected override unconfirmed(facts: MailFacts): void {
    this.options.health?.failed('mail', INTEGRATION_MESSAGES.smtpUnconfirmed(facts.id));
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
        courtName: clipCourtNames(facts),
        at,
        clipTitles,
        // The phone page numbers each clip by the position the player chose it in.
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

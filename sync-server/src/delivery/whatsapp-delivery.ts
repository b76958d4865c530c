// The WhatsApp message: one approved template message with the phone page's link, sent
// once when the purchase is paid (or free) and the player gave a number, at once: the phone page
// exists from the sale and fills in as the clips arrive, so it does not wait for the upload. The
// claim row, the retries (429 and Meta's trouble, with growing waits) and the worker are
// retrying-delivery.ts's, the same as the e-mail's; whatsapp-error.ts says which failures are final.
import { DEFAULT_KIOSK_LANGUAGE, INTEGRATION_MESSAGES, MESSAGES, SERVER_MESSAGES } from '@courtreplay/shared';
import type { WhatsappSender } from '../adapters/ports.ts';
import { asWhatsappError, WhatsappError } from '../adapters/whatsapp-error.ts';
import { maskPhone } from '../adapters/whatsapp-outbox.ts';
import { DomainError } from '../errors.ts';
import type { IntegrationHealth } from '../integrations/health.ts';
import { applyPendingStatuses } from '../whatsapp/statuses.ts';
import { recordPurchaseEvent } from '../purchases/events.ts';
import { ensurePhoneToken, phoneUrlOf } from '../purchases/phone-token.ts';
import { recordWhatsappOutcome } from '../purchases/service.ts';
import { findWhatsappFacts, isWhatsappDeliverable, setWhatsappMessageId, type WhatsappFacts } from './queries.ts';
import { RetryingDelivery, type DeliveryFailure, type RetryingDeliveryOptions } from './retrying-delivery.ts';

export interface WhatsappDeliveryOptions extends RetryingDeliveryOptions {
  sender: WhatsappSender;
  /** WHATSAPP_TEMPLATE. */
  template: string;
  /** PUBLIC_URL: the phone page's origin. */
  publicUrl: string;
  /** Told of a message whose sending was not confirmed. */
  health?: IntegrationHealth;
}

export class WhatsappDelivery extends RetryingDelivery<WhatsappFacts> {
  protected readonly table = 'whatsapp_deliveries' as const;
  protected readonly job = 'whatsappRetry' as const;
  protected readonly label = 'WhatsApp message';

  constructor(private readonly options: WhatsappDeliveryOptions) {
    super(options);
  }

  get senderName(): WhatsappSender['name'] {
    return this.options.sender.name;
  }

  /** Sends the message again; a failure answers 502 with the plain reason (a bad number, no template). */
  async resend(purchaseId: string): Promise<void> {
    const facts = await findWhatsappFacts(this.options.db, purchaseId);
    if (!facts) throw new DomainError('not_found', SERVER_MESSAGES.purchases.transactionNotFound);
    if (!isWhatsappDeliverable(facts)) throw new DomainError('conflict', MESSAGES.transactions.resendFailed);
    try {
      await this.resendNow(facts);
    } catch (err) {
      throw new DomainError('upstream_failed', err instanceof WhatsappError ? err.reason : MESSAGES.transactions.resendFailed);
    }
  }

  protected facts(purchaseId: string): Promise<WhatsappFacts | undefined> {
    return findWhatsappFacts(this.options.db, purchaseId);
  }

  protected deliverable(facts: WhatsappFacts): boolean {
    return isWhatsappDeliverable(facts);
  }

  protected settled(facts: WhatsappFacts): boolean {
    return facts.whatsappStatus !== null;
  }

  protected async send(facts: WhatsappFacts): Promise<string> {
    const { db, publicUrl, sender, template } = this.options;
    const token = facts.phoneToken ?? (await ensurePhoneToken(db, facts.id))!;
    const language = facts.language ?? facts.venueLanguage ?? DEFAULT_KIOSK_LANGUAGE;
    return sender.send({ to: facts.phone!, template, language, link: phoneUrlOf(publicUrl, token), purchaseId: facts.id });
  }

  protected failureOf(err: unknown): DeliveryFailure {
    return asWhatsappError(err);
  }

  protected async recordSent(facts: WhatsappFacts, at: Date, particulars: { messageId?: string; unconfirmed?: string }): Promise<void> {
    const { db } = this.options;
    // An unconfirmed send has no id: the purchase's current message is then unknown, not the previous one.
    await setWhatsappMessageId(db, facts.id, particulars.messageId || null, at);
    await recordWhatsappOutcome(
      db,
      facts.id,
      particulars.unconfirmed ? { status: 'unconfirmed', error: particulars.unconfirmed, at } : { status: 'sent', at },
    );
    await recordPurchaseEvent(db, { purchaseId: facts.id, kind: 'whatsapp_sent', at, detail: { to: facts.phone, ...particulars } });
    // Meta's statuses for this message may have come before its answer was stored.
    if (particulars.messageId) await applyPendingStatuses(this.options, particulars.messageId);
  }

  protected override interruptedSend(): string {
    return INTEGRATION_MESSAGES.whatsappInterrupted;
  }

  protected override unconfirmed(facts: WhatsappFacts): void {
    this.options.health?.failed('whatsapp', INTEGRATION_MESSAGES.whatsappUnconfirmed(facts.id));
  }

  protected async recordFailed(facts: WhatsappFacts, at: Date, reason: string, failure: DeliveryFailure | undefined): Promise<void> {
    const { db } = this.options;
    const code = failure instanceof WhatsappError ? failure.code : undefined;
    await recordWhatsappOutcome(db, facts.id, { status: 'failed', error: reason, at });
    await recordPurchaseEvent(db, {
      purchaseId: facts.id,
      kind: 'whatsapp_failed',
      at,
      detail: { to: facts.phone, reason, ...(code === undefined ? {} : { code }) },
    });
  }

  protected logged(facts: WhatsappFacts): Record<string, unknown> {
    return { to: maskPhone(facts.phone ?? '') };
  }
}

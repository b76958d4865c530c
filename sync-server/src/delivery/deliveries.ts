// The Delivery port over both channels: every change reaches the e-mail and, when WhatsApp
// is on, the WhatsApp message; each decides for itself whether its message is due. A resend resends
// on every channel the purchase has (an address, a number), trying both before it answers.
import type { Delivery } from '../adapters/ports.ts';
import type { Db } from '../db/database.ts';
import { findContact } from '../purchases/service.ts';
import type { MailDelivery } from './mail-delivery.ts';
import type { WhatsappDelivery } from './whatsapp-delivery.ts';

export class Deliveries implements Delivery {
  constructor(
    private readonly db: Db,
    readonly mail: MailDelivery,
    /** Undefined when WHATSAPP=off. */
    readonly whatsapp: WhatsappDelivery | undefined,
  ) {}

  async purchaseChanged(purchaseId: string): Promise<void> {
    await Promise.all([this.mail.purchaseChanged(purchaseId), this.whatsapp?.purchaseChanged(purchaseId)]);
  }

  async resend(purchaseId: string): Promise<void> {
    const contact = await findContact(this.db, purchaseId);
    const sends: Promise<void>[] = [];
    // A purchase without either (unknown id) still goes through the e-mail, which answers its 404.
    if (!contact || contact.email || !contact.phone || !this.whatsapp) sends.push(this.mail.resend(purchaseId));
    if (contact?.phone && this.whatsapp) sends.push(this.whatsapp.resend(purchaseId));
    const failed = (await Promise.allSettled(sends)).find((r) => r.status === 'rejected');
    if (failed) throw failed.reason;
  }

  async start(): Promise<void> {
    await Promise.all([this.mail.start(), this.whatsapp?.start()]);
  }

  stop(): void {
    this.mail.stop();
    this.whatsapp?.stop();
  }

  async runDue(): Promise<void> {
    await Promise.all([this.mail.runDue(), this.whatsapp?.runDue()]);
  }

  async idle(): Promise<void> {
    await Promise.all([this.mail.idle(), this.whatsapp?.idle()]);
  }
}

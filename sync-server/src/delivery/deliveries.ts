// The Delivery port over both channels: every change reaches the e-mail and, when WhatsApp
// is on, the WhatsApp message; each decides for itself whether its message is due. A resend resends
// on every channel the purchase has (an address, a number), trying both before it answers.
import type { Delivery } from '../adapters/ports.ts';
import type { Db } from '../db/database.ts';
import { findContact } from '../purchases/service.ts';
import type { MailDelivery } from './mail-delivery.ts';
import type { WhatsappDelivery } from './whatsapp-delivery.ts';

export class Deliveries implements Delivery {
  private readonly stocking = new Set<Promise<unknown>>();

  constructor(
    private readonly db: Db,
    readonly mail: MailDelivery,
    /** Undefined when WHATSAPP=off. */
    readonly whatsapp: WhatsappDelivery | undefined,
    /**
     * Puts a phone purchase's clips into its folder first (phone-store/stock.ts: copied from the
     * marks' folders, then the link saved), so the e-mail finds its link; a kiosk's are uploaded by the kiosk.
     */
    private readonly stock?: (purchaseId: string) => Promise<unknown>,
  ) {}

  async purchaseChanged(purchaseId: string): Promise<void> {
    if (this.stock) {
      const run = this.stock(purchaseId);
      this.stocking.add(run);
      try {
        await run;
      } finally {
        this.stocking.delete(run);
      }
    }
    await Promise.all([this.mail.purchaseChanged(purchaseId), this.whatsapp?.purchaseChanged(purchaseId)]);
  }

  async resend(purchaseId: string): Promise<void> {
    await this.stock?.(purchaseId);
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
    await Promise.allSettled([...this.stocking]);
    await Promise.all([this.mail.idle(), this.whatsapp?.idle()]);
  }
}

// WHATSAPP=outbox (the default of `npm start` outside production without Cloud API variables): each
// message becomes a JSON file in DATA_DIR/whatsapp-outbox holding the exact request the Cloud API
// would get, so the whole flow can be tried without a Meta account. The log names the number masked.
import { randomBytes } from 'node:crypto';
import { join, resolve } from 'node:path';
import type { Logger } from 'pino';
import { INTEGRATION_MESSAGES as M, whatsappRecipient } from '@courtreplay/shared';
import { ensurePrivateDir, writePrivateFileWhole } from '../private-files.ts';
import { deleteOutboxFiles } from './outbox-mailer.ts';
import type { Clock, ErasedContact, IntegrationTestResult, WhatsappMessage, WhatsappSender } from './ports.ts';

/** '+6281234567890' -> '+62*******7890': enough for support to match, not enough to message. */
export function maskPhone(e164: string): string {
  return e164.length <= 7 ? '***' : `${e164.slice(0, 3)}${'*'.repeat(e164.length - 7)}${e164.slice(-4)}`;
}

export class OutboxWhatsapp implements WhatsappSender {
  readonly name = 'outbox' as const;
  readonly dir: string;

  constructor(
    dataDir: string,
    private readonly clock: Clock,
    private readonly logger: Logger,
  ) {
    this.dir = resolve(dataDir, 'whatsapp-outbox');
  }

  async send(message: WhatsappMessage): Promise<string> {
    const id = `outbox.${randomBytes(8).toString('hex')}`;
    const body = {
      messaging_product: 'whatsapp',
      recipient_type: 'individual',
      to: whatsappRecipient(message.to),
      type: 'template',
      template: {
        name: message.template,
        language: { code: message.language },
        components: [{ type: 'body', parameters: [{ type: 'text', text: message.link }] }],
      },
    };
    await ensurePrivateDir(this.dir);
    const stamp = this.clock.now().toISOString().replace(/[:.]/g, '-');
    const file = join(this.dir, `${stamp}-${id.slice(7)}.json`);
    await writePrivateFileWhole(file, `${JSON.stringify({ id, purchaseId: message.purchaseId, request: body }, null, 2)}\n`);
    this.logger.info({ to: maskPhone(message.to), file }, 'WhatsApp message written to the outbox (WHATSAPP=outbox)');
    return id;
  }

  /** Deletes the purchase's messages from the outbox: each file names its purchase, and its number. */
  async forgetPurchase(erased: ErasedContact): Promise<number> {
    const number = erased.phone ? whatsappRecipient(erased.phone) : undefined;
    return deleteOutboxFiles(
      this.dir,
      (_name, text) =>
        text.includes(`"purchaseid": ${JSON.stringify(erased.purchaseId.toLowerCase())}`) ||
        (!!number && text.includes(`"to": "${number}"`)),
    );
  }

  async testConnection(): Promise<IntegrationTestResult> {
    return { ok: true, message: M.whatsappOutbox(this.dir), details: { dir: this.dir } };
  }
}

// The embedded mailer (no SMTP configured): each message becomes a real RFC 822 `.eml` file in
// DATA_DIR/outbox, built by nodemailer exactly as it would be sent, and a log line names the
// recipient, masked, so an operator can find it without the log keeping the address.
import { randomBytes } from 'node:crypto';
import { readdir, readFile, rm } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import nodemailer from 'nodemailer';
import type { Logger } from 'pino';
import { INTEGRATION_MESSAGES as M } from '@courtreplay/shared';
import { maskAddress } from '../mail/redact.ts';
import { ensurePrivateDir, writePrivateFileWhole } from '../private-files.ts';
import type { Clock, ErasedContact, IntegrationTestResult, MailMessage, Mailer } from './ports.ts';

export class OutboxMailer implements Mailer {
  readonly name = 'outbox' as const;
  readonly dir: string;
  private readonly transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'windows' });

  constructor(
    dataDir: string,
    private readonly from: string,
    private readonly clock: Clock,
    private readonly logger: Logger,
    private readonly productName = 'CourtReplay',
  ) {
    this.dir = resolve(dataDir, 'outbox');
  }

  async send(message: MailMessage): Promise<void> {
    await this.write(message);
  }

  /** Nothing to log in to: proves the outbox folder takes a file, and names it. */
  async testConnection(to: string): Promise<IntegrationTestResult> {
    try {
      const file = await this.write({
        to,
        subject: M.testMailSubject(this.productName),
        text: M.testMailText(this.productName),
        html: `<p>${M.testMailText(this.productName)}</p>`,
      });
      return { ok: true, message: M.outboxWritten(file), details: { file } };
    } catch (err) {
      return { ok: false, message: M.testFailed(err instanceof Error ? err.message : String(err)) };
    }
  }

  /**
   * Deletes the purchase's e-mails from the outbox: those named after it, and any that holds its
   * address (written before copies were named after their purchase, or a test mail to it).
   */
  async forgetPurchase(erased: ErasedContact): Promise<number> {
    const address = erased.email?.toLowerCase();
    return deleteOutboxFiles(
      this.dir,
      (name, text) => name.includes(`-${erased.purchaseId}-`) || (!!address && holdsAddress(text, address)),
    );
  }

  private async write(message: MailMessage): Promise<string> {
    const info = await this.transport.sendMail({
      from: this.from,
      to: message.to,
      subject: message.subject,
      html: message.html,
      text: message.text,
    });
    await ensurePrivateDir(this.dir);
    const stamp = this.clock.now().toISOString().replace(/[:.]/g, '-');
    // A purchase's message is named after it, so an erase finds its copies (forgetPurchase).
    const about = message.purchaseId && /^[A-Za-z0-9-]{1,64}$/.test(message.purchaseId) ? `${message.purchaseId}-` : '';
    const file = join(this.dir, `${stamp}-${about}${randomBytes(4).toString('hex')}.eml`);
    await writePrivateFileWhole(file, info.message as Buffer);
    this.logger.info({ to: maskAddress(message.to), file }, 'e-mail written to the outbox (no SMTP_URL configured)');
    return file;
  }
}

/** Deletes the files of an outbox folder that `matches` (by name or text); answers how many. */
export async function deleteOutboxFiles(dir: string, matches: (name: string, text: string) => boolean): Promise<number> {
  let names: string[];
  try {
    names = await readdir(dir);
  } catch {
    return 0; // nothing was ever written
  }
  let deleted = 0;
  for (const name of names) {
    const file = join(dir, name);
    const text = await readFile(file, 'utf8').catch(() => '');
    if (!matches(name, text.toLowerCase())) continue;
    await rm(file, { force: true });
    deleted += 1;
  }
  return deleted;
}

/** Whether `text` holds the address `address` whole (not as the tail of a longer one). */
function holdsAddress(text: string, address: string): boolean {
  const escaped = address.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(`(^|[^a-z0-9._%+-])${escaped}($|[^a-z0-9.-])`).test(text);
}

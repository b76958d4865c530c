// The embedded mailer (no SMTP configured): each message becomes a real RFC 822 `.eml` file in
// DATA_DIR/outbox, built by nodemailer exactly as it would be sent, and a log line names the
// recipient, masked, so an operator can find it without the log keeping the address.
import { randomBytes } from 'node:crypto';
import { writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import nodemailer from 'nodemailer';
import type { Logger } from 'pino';
import { INTEGRATION_MESSAGES as M } from '@courtreplay/shared';
import { maskAddress } from '../mail/redact.ts';
import { ensurePrivateDir, PRIVATE_FILE_MODE } from '../private-files.ts';
import type { Clock, IntegrationTestResult, MailMessage, Mailer } from './ports.ts';

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
    const file = join(this.dir, `${stamp}-${randomBytes(4).toString('hex')}.eml`);
    await writeFile(file, info.message as Buffer, { mode: PRIVATE_FILE_MODE });
    this.logger.info({ to: maskAddress(message.to), file }, 'e-mail written to the outbox (no SMTP_URL configured)');
    return file;
  }
}

// The embedded mailer (no SMTP configured): each message becomes a real RFC 822 `.eml` file in
// DATA_DIR/outbox, built by nodemailer exactly as it would be sent, and a log line names the
// recipient so an operator can find it.
import { randomBytes } from 'node:crypto';
import { writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import nodemailer from 'nodemailer';
import type { Logger } from 'pino';
import { ensurePrivateDir, PRIVATE_FILE_MODE } from '../private-files.ts';
import type { Clock, MailMessage, Mailer } from './ports.ts';

export class OutboxMailer implements Mailer {
  readonly name = 'outbox' as const;
  readonly dir: string;
  private readonly transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'windows' });

  constructor(
    dataDir: string,
    private readonly from: string,
    private readonly clock: Clock,
    private readonly logger: Logger,
  ) {
    this.dir = resolve(dataDir, 'outbox');
  }

  async send(message: MailMessage): Promise<void> {
    const info = await this.transport.sendMail({ from: this.from, to: message.to, subject: message.subject, html: message.html, text: message.text });
    await ensurePrivateDir(this.dir);
    const stamp = this.clock.now().toISOString().replace(/[:.]/g, '-');
    const file = join(this.dir, `${stamp}-${randomBytes(4).toString('hex')}.eml`);
    await writeFile(file, info.message as Buffer, { mode: PRIVATE_FILE_MODE });
    this.logger.info({ to: message.to, file }, 'e-mail written to the outbox (no SMTP_URL configured)');
  }
}

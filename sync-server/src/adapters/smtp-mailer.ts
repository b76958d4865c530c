// The real mailer: nodemailer over SMTP_URL (e.g. smtps://user:pass@smtp.example.com:465).
import nodemailer, { type Transporter } from 'nodemailer';
import type { MailMessage, Mailer } from './ports.ts';

export class SmtpMailer implements Mailer {
  readonly name = 'smtp' as const;
  private readonly transport: Transporter;

  constructor(smtpUrl: string, private readonly from: string) {
    // Short timeouts: a hanging server becomes a failed attempt that the delivery retries later.
    this.transport = nodemailer.createTransport({ url: smtpUrl, connectionTimeout: 15_000, greetingTimeout: 15_000, socketTimeout: 60_000 });
  }

  async send(message: MailMessage): Promise<void> {
    await this.transport.sendMail({ from: this.from, to: message.to, subject: message.subject, html: message.html, text: message.text });
  }

  close(): void {
    this.transport.close();
  }
}

// The real mailer: nodemailer over SMTP_URL (smtps://user:pass@host:465, or smtp://...:587 with
// STARTTLS). Plain smtp:// must upgrade with STARTTLS before the password is sent (requireTLS);
// only SMTP_ALLOW_PLAINTEXT=true lets it go in clear. Every failure is sorted (mail-error.ts) and
// reported to the integration health, a refused login as the smtp_auth_failed credential alert.
import { INTEGRATION_MESSAGES } from '@courtreplay/shared';
import nodemailer, { type Transporter } from 'nodemailer';
import type { IntegrationHealth } from '../integrations/health.ts';
import { classifySmtpError, MailError } from './mail-error.ts';
import type { IntegrationTestResult, MailMessage, Mailer } from './ports.ts';

const M = INTEGRATION_MESSAGES;

export interface SmtpMailerOptions {
  url: string;
  from: string;
  /** The EHLO name (PUBLIC_URL's host or the machine's). */
  ehloName: string;
  /** SMTP_ALLOW_PLAINTEXT=true: smtp:// may stay unencrypted when the server offers no STARTTLS. */
  allowPlaintext?: boolean;
  productName?: string;
  health?: IntegrationHealth;
  /** Extra trusted certificates (tests with a self-signed loopback server). */
  ca?: string;
}

export class SmtpMailer implements Mailer {
  readonly name = 'smtp' as const;
  private readonly transport: Transporter;

  constructor(private readonly options: SmtpMailerOptions) {
    const implicitTls = /^smtps:/i.test(options.url);
    this.transport = nodemailer.createTransport({
      url: options.url,
      name: options.ehloName,
      requireTLS: !implicitTls && !options.allowPlaintext,
      ...(options.ca ? { tls: { ca: options.ca } } : {}),
      // Short timeouts: a hanging server becomes a failed attempt that the delivery retries later.
      connectionTimeout: 15_000,
      greetingTimeout: 15_000,
      socketTimeout: 60_000,
    });
  }

  async send(message: MailMessage): Promise<void> {
    try {
      await this.transport.sendMail({
        from: this.options.from,
        to: message.to,
        subject: message.subject,
        html: message.html,
        text: message.text,
      });
    } catch (err) {
      throw this.report(classifySmtpError(err));
    }
    this.options.health?.succeeded('mail');
  }

  /** Login (transport.verify), then a test e-mail to the asking admin's own address. */
  async testConnection(to: string): Promise<IntegrationTestResult> {
    const product = this.options.productName ?? 'CourtReplay';
    try {
      await this.transport.verify();
      await this.send({
        to,
        subject: M.testMailSubject(product),
        text: M.testMailText(product),
        html: `<p>${M.testMailText(product)}</p>`,
      });
    } catch (err) {
      const failure = err instanceof MailError ? err : this.report(classifySmtpError(err));
      return {
        ok: false,
        message: plainReason(failure),
        details: { kind: failure.kind, ...(failure.responseCode ? { responseCode: failure.responseCode } : {}) },
      };
    }
    return { ok: true, message: M.smtpVerified(to) };
  }

  close(): void {
    this.transport.close();
  }

  private report(failure: MailError): MailError {
    const alert = failure.kind === 'auth' ? { code: 'smtp_auth_failed' as const, advice: M.smtpAuthAdvice } : undefined;
    this.options.health?.failed('mail', plainReason(failure), alert);
    return failure;
  }
}

/** The operator-facing sentence: plain words first, the server's own answer after. */
function plainReason(failure: MailError): string {
  if (failure.kind === 'auth') return `${M.smtpRefusedLogin} (${failure.reason})`;
  if (failure.kind === 'tls') return `${M.smtpNoTls} (${failure.reason})`;
  return failure.reason;
}

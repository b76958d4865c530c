// The real mailer: nodemailer over SMTP_URL (smtps://user:pass@host:465, or smtp://...:587 with
// STARTTLS). Plain smtp:// must upgrade with STARTTLS before the password is sent (requireTLS);
// only SMTP_ALLOW_PLAINTEXT=true lets it go in clear. Every failure is sorted (mail-error.ts) and
// reported to the integration health; a configuration error (refused login, TLS that cannot be set
// up) raises its credential alert at once.
//
// Each send watches its own SMTP session (nodemailer's log says when the message body has gone
// out): a server that goes silent after the body may have delivered it, so that failure is
// 'unconfirmed' rather than a temporary one that the delivery would send again.
import { INTEGRATION_MESSAGES } from '@courtreplay/shared';
import { connect as tlsConnect } from 'node:tls';
import nodemailer, { type Transporter } from 'nodemailer';
import type { CredentialAlert, IntegrationHealth } from '../integrations/health.ts';
import { classifySmtpError, MailError } from './mail-error.ts';
import type { IntegrationTestResult, MailMessage, Mailer } from './ports.ts';

const M = INTEGRATION_MESSAGES;

export interface SmtpTimeouts {
  connectionMs: number;
  greetingMs: number;
  /** Silence in the middle of a session (waiting for a reply). */
  socketMs: number;
}

/** Short: a hanging server becomes a failed attempt that the delivery retries later. */
export const DEFAULT_SMTP_TIMEOUTS: SmtpTimeouts = { connectionMs: 15_000, greetingMs: 15_000, socketMs: 60_000 };

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
  /** Tests: shorter waits. */
  timeouts?: Partial<SmtpTimeouts>;
}

/** One send's session as nodemailer logs it. */
interface Session {
  transport: Transporter;
  bodySent(): boolean;
}

export class SmtpMailer implements Mailer {
  readonly name = 'smtp' as const;
  private readonly implicitTls: boolean;
  private readonly timeouts: SmtpTimeouts;

  constructor(private readonly options: SmtpMailerOptions) {
    this.implicitTls = /^smtps:/i.test(options.url);
    this.timeouts = { ...DEFAULT_SMTP_TIMEOUTS, ...options.timeouts };
  }

  async send(message: MailMessage): Promise<void> {
    const session = this.session();
    try {
      await session.transport.sendMail({
        from: this.options.from,
        to: message.to,
        subject: message.subject,
        html: message.html,
        text: message.text,
      });
    } catch (err) {
      throw this.report(await this.classify(err, session.bodySent()));
    } finally {
      session.transport.close();
    }
    this.options.health?.succeeded('mail');
  }

  /** Login (transport.verify), then a test e-mail to the asking admin's own address. */
  async testConnection(to: string): Promise<IntegrationTestResult> {
    const product = this.options.productName ?? 'CourtReplay';
    const session = this.session();
    try {
      await session.transport.verify();
      await this.send({
        to,
        subject: M.testMailSubject(product),
        text: M.testMailText(product),
        html: `<p>${M.testMailText(product)}</p>`,
      });
    } catch (err) {
      const failure = err instanceof MailError ? err : this.report(await this.classify(err, false));
      return {
        ok: false,
        message: failure.reason,
        details: { kind: failure.kind, ...(failure.responseCode ? { responseCode: failure.responseCode } : {}) },
      };
    } finally {
      session.transport.close();
    }
    return { ok: true, message: M.smtpVerified(to) };
  }

  close(): void {
    // Every send closes its own transport.
  }

  private session(): Session {
    let bodySent = false;
    const quiet = () => undefined;
    const logger = {
      trace: quiet,
      debug: quiet,
      warn: quiet,
      error: quiet,
      fatal: quiet,
      // SMTPConnection logs { tnx: 'message' } once the whole body is written to the server.
      info: (entry: unknown) => {
        if ((entry as { tnx?: string } | undefined)?.tnx === 'message') bodySent = true;
      },
      level: quiet,
    };
    const transport = nodemailer.createTransport({
      url: this.options.url,
      name: this.options.ehloName,
      requireTLS: !this.implicitTls && !this.options.allowPlaintext,
      ...(this.options.ca ? { tls: { ca: this.options.ca } } : {}),
      connectionTimeout: this.timeouts.connectionMs,
      greetingTimeout: this.timeouts.greetingMs,
      socketTimeout: this.timeouts.socketMs,
      logger,
    });
    return { transport, bodySent: () => bodySent };
  }

  private async classify(err: unknown, bodySent: boolean): Promise<MailError> {
    const failure = classifySmtpError(err, { implicitTls: this.implicitTls, bodySent });
    // No greeting on smtp://: a port that waits for TLS from the first byte looks just like this.
    if ((err as { timeoutType?: string }).timeoutType === 'GREETING_TIMEOUT' && !this.implicitTls && (await this.speaksTls())) {
      return new MailError('tls', M.smtpPlainOnImplicitTlsPort);
    }
    return failure;
  }

  /** Whether SMTP_URL's host and port complete a TLS handshake (any certificate: only the mode is asked). */
  private speaksTls(): Promise<boolean> {
    const url = new URL(this.options.url);
    return new Promise((resolve) => {
      const socket = tlsConnect({ host: url.hostname, port: Number(url.port || 25), rejectUnauthorized: false, servername: undefined });
      const done = (answer: boolean) => {
        socket.destroy();
        resolve(answer);
      };
      socket.setTimeout(this.timeouts.connectionMs, () => done(false));
      socket.once('secureConnect', () => done(true));
      socket.once('error', () => done(false));
    });
  }

  private report(failure: MailError): MailError {
    this.options.health?.failed('mail', failure.reason, alertOf(failure));
    return failure;
  }
}

function alertOf(failure: MailError): CredentialAlert | undefined {
  if (failure.kind === 'auth') return { code: 'smtp_auth_failed', advice: M.smtpAuthAdvice };
  if (failure.kind === 'tls') return { code: 'smtp_tls_failed', advice: M.smtpTlsAdvice };
  return undefined;
}

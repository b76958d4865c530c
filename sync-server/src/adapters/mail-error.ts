// How a failed send should be handled, decided once where the SMTP answer is known. RFC 5321:
// a 4xx reply is temporary (try again later), a 5xx reply is permanent (this message will never
// go through as it is), except 552 (storage exceeded), which RFC 5321 4.5.3.1.10 asks clients to
// treat as temporary. A refused login or a TLS that cannot be set up is neither: the message is
// fine, our configuration is not. Those are not retried (a day of wrong logins can lock the
// account, and a certificate does not fix itself): an operator fixes SMTP_URL and resends.
// Their reasons are our own plain sentences, never OpenSSL's text or a reply that may echo the login.
import { INTEGRATION_MESSAGES as M } from '@courtreplay/shared';

export type MailFailureKind =
  /** 4xx (and 552), or no answer at all (connection refused, timeout): try again later. */
  | 'temporary'
  /** 5xx for this message (unknown mailbox, policy refusal): retrying cannot help. */
  | 'permanent'
  /** The server refused SMTP_URL's user name or password (535). */
  | 'auth'
  /** No STARTTLS on offer, an untrusted or mismatched certificate, the wrong TLS mode for the port. */
  | 'tls'
  /** The whole message was handed over but the final reply never came: it may have been delivered. */
  | 'unconfirmed';

export class MailError extends Error {
  constructor(
    readonly kind: MailFailureKind,
    /** The server's answer or the transport's reason, in one line. */
    readonly reason: string,
    readonly responseCode?: number,
  ) {
    super(reason);
    this.name = 'MailError';
  }

  /** Worth another try later, as is. */
  get retryable(): boolean {
    return this.kind === 'temporary';
  }

  /** SMTP_URL or the server's setup is wrong: an operator must act. */
  get configuration(): boolean {
    return this.kind === 'auth' || this.kind === 'tls';
  }
}

interface NodemailerError {
  message?: string;
  code?: string;
  /** The system or TLS error's own code (DEPTH_ZERO_SELF_SIGNED_CERT, ERR_SSL_WRONG_VERSION_NUMBER...). */
  originalCode?: string;
  timeoutType?: string;
  responseCode?: number;
  response?: string;
}

/** What the transport knew when it failed. */
export interface SendContext {
  /** smtps:// (TLS from the first byte) rather than smtp:// with STARTTLS. */
  implicitTls?: boolean;
  /** The message body was handed over completely before the failure. */
  bodySent?: boolean;
}

const UNTRUSTED_CERTIFICATE =
  /SELF_SIGNED|UNABLE_TO_(GET_ISSUER|VERIFY_LEAF|DECRYPT)|CERT_(HAS_EXPIRED|NOT_YET_VALID|UNTRUSTED|REJECTED|REVOKED|SIGNATURE_FAILURE|CHAIN_TOO_LONG)/;
const WRONG_TLS_MODE = /ERR_SSL_(WRONG_VERSION_NUMBER|PACKET_LENGTH_TOO_LONG|HTTP_REQUEST|UNKNOWN_PROTOCOL)/;

/** Sorts a nodemailer error; anything unknown is temporary (a later try costs little). */
export function classifySmtpError(err: unknown, context: SendContext = {}): MailError {
  const e = (typeof err === 'object' && err !== null ? err : { message: String(err) }) as NodemailerError;
  const code = typeof e.responseCode === 'number' ? e.responseCode : undefined;
  const reason = oneLine(e.message ?? String(err));
  const original = e.originalCode ?? '';
  if (e.code === 'EAUTH' || code === 535) return new MailError('auth', `${M.smtpRefusedLogin}${code ? ` (${code})` : ''}`, code);
  if (original === 'ERR_TLS_CERT_ALTNAME_INVALID') return new MailError('tls', M.smtpCertificateMismatch);
  if (UNTRUSTED_CERTIFICATE.test(original)) return new MailError('tls', M.smtpCertificateUntrusted);
  if (WRONG_TLS_MODE.test(original)) return new MailError('tls', context.implicitTls ? M.smtpImplicitTlsOnPlainPort : M.smtpTlsFailed);
  if (e.code === 'ETLS') return new MailError('tls', /STARTTLS/i.test(reason) ? M.smtpNoTls : M.smtpTlsFailed, code);
  // The body went out and no reply to it came (silence, a dropped connection): it may be delivered.
  if (context.bodySent && code === undefined) return new MailError('unconfirmed', reason);
  if (code === 552) return new MailError('temporary', reason, code);
  if (code !== undefined && code >= 500 && code < 600) return new MailError('permanent', reason, code);
  // Refused before any server answer: an address or a message nodemailer cannot send as it is.
  if (code === undefined && (e.code === 'EENVELOPE' || e.code === 'EMESSAGE')) return new MailError('permanent', reason);
  return new MailError('temporary', reason, code);
}

export function asMailError(err: unknown): MailError {
  return err instanceof MailError ? err : classifySmtpError(err);
}

function oneLine(text: string): string {
  return text.replace(/\s+/g, ' ').trim().slice(0, 500);
}

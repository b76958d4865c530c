// How a failed send should be handled, decided once where the SMTP answer is known. RFC 5321:
// a 4xx reply is temporary (try again later), a 5xx reply is permanent (this message will never
// go through as it is). A refused login or a missing STARTTLS is neither: the message is fine, our
// configuration is not, so those are retried while an operator fixes it.

export type MailFailureKind =
  /** 4xx, or no answer at all (connection refused, timeout): try again later. */
  | 'temporary'
  /** 5xx for this message (unknown mailbox, policy refusal): retrying cannot help. */
  | 'permanent'
  /** The server refused SMTP_URL's user name or password (535). */
  | 'auth'
  /** The server offers no STARTTLS, or the TLS handshake failed: the password stays unsent. */
  | 'tls';

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

  get retryable(): boolean {
    return this.kind !== 'permanent';
  }
}

interface NodemailerError {
  message?: string;
  code?: string;
  responseCode?: number;
  response?: string;
}

/** Sorts a nodemailer error; anything unknown is temporary (a later try costs little). */
export function classifySmtpError(err: unknown): MailError {
  const e = (typeof err === 'object' && err !== null ? err : { message: String(err) }) as NodemailerError;
  const code = typeof e.responseCode === 'number' ? e.responseCode : undefined;
  const reason = oneLine(e.message ?? String(err));
  if (e.code === 'EAUTH' || code === 535) return new MailError('auth', reason, code);
  if (e.code === 'ETLS') return new MailError('tls', reason, code);
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

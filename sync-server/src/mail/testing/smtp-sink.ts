// A real SMTP server on loopback (the smtp-server package) that keeps every message it receives,
// parsed enough for assertions: envelope, headers and the decoded text and HTML parts. By default it
// offers STARTTLS with a self-signed certificate made for 127.0.0.1 (trust `ca` in the client);
// `plaintext: true` makes a server without STARTTLS, `auth` makes it ask for a login, and
// `answer` scripts the reply to each message (451 then 250, 550...).
import type { AddressInfo } from 'node:net';
import { generate } from 'selfsigned';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  from: string;
  to: string[];
  raw: string;
  subject: string;
  /** The whole message with quoted-printable soft breaks and escapes undone. */
  decoded: string;
  /** The text/plain and text/html parts, decoded (UTF-8); '' when the message has no such part. */
  text: string;
  html: string;
}

export interface SmtpAnswer {
  code: number;
  message: string;
}

export interface SmtpSinkOptions {
  /** Refuse the first N messages with a temporary failure (451), to exercise retries. */
  failFirst?: number;
  /** The reply to the n-th message (0-based) for these recipients; undefined accepts it (250). */
  answer?: (n: number, to: string[]) => SmtpAnswer | undefined;
  /** No STARTTLS on offer: a client must either refuse or talk in clear. */
  plaintext?: boolean;
  /** Require this login; any other answers 535. */
  auth?: { user: string; pass: string };
  /** TLS from the first byte (smtps://, port 465 style) instead of STARTTLS. */
  implicitTls?: boolean;
  /** Present this certificate instead of the loopback one (e.g. one made for another host name). */
  certificate?: { key: string; cert: string };
  /** Take the whole message, then never answer it (the client's outcome is unknown). */
  silentAfterData?: boolean;
}

export interface AuthAttempt {
  user: string;
  pass: string;
  secure: boolean;
}

let certificate: Promise<{ key: string; cert: string }> | undefined;

/** One self-signed certificate for 127.0.0.1 per test process (making one takes a moment). */
export function loopbackCertificate(): Promise<{ key: string; cert: string }> {
  certificate ??= generate([{ name: 'commonName', value: '127.0.0.1' }], {
    keySize: 2048,
    algorithm: 'sha256',
    extensions: [
      {
        name: 'subjectAltName',
        altNames: [
          { type: 7, ip: '127.0.0.1' },
          { type: 2, value: 'localhost' },
        ],
      },
    ],
  }).then((pems) => ({ key: pems.private, cert: pems.cert }));
  return certificate;
}

export async function startSmtpSink(options: SmtpSinkOptions = {}) {
  const received: ReceivedMail[] = [];
  const authAttempts: AuthAttempt[] = [];
  /** The name each client gave in EHLO/HELO. */
  const ehloNames: string[] = [];
  /** Messages taken whole but never answered (silentAfterData). */
  const silent: string[] = [];
  const { key, cert } = options.certificate ?? (await loopbackCertificate());
  let refusals = options.failFirst ?? 0;
  let messages = 0;
  const server = new SMTPServer({
    authOptional: !options.auth,
    // Lets a careless client send its password in clear, so a test can see that ours never does.
    allowInsecureAuth: true,
    disabledCommands: options.plaintext ? ['STARTTLS'] : [],
    ...(options.plaintext ? {} : { key, cert }),
    ...(options.implicitTls ? { secure: true } : {}),
    logger: false,
    onAuth(auth, session, callback) {
      const attempt = { user: auth.username ?? '', pass: auth.password ?? '', secure: Boolean(session.secure) };
      authAttempts.push(attempt);
      if (options.auth && (attempt.user !== options.auth.user || attempt.pass !== options.auth.pass)) {
        return callback(Object.assign(new Error('5.7.8 Authentication credentials invalid'), { responseCode: 535 }));
      }
      callback(null, { user: attempt.user });
    },
    onMailFrom(_address, session, callback) {
      ehloNames.push(session.hostNameAppearsAs);
      callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        if (options.silentAfterData) {
          silent.push(Buffer.concat(chunks).toString('utf8'));
          return;
        }
        const scripted = options.answer?.(
          messages++,
          session.envelope.rcptTo.map((r) => r.address),
        );
        if (scripted) return callback(Object.assign(new Error(scripted.message), { responseCode: scripted.code }));
        if (refusals > 0) {
          refusals--;
          return callback(Object.assign(new Error('Try again later'), { responseCode: 451 }));
        }
        const raw = Buffer.concat(chunks).toString('utf8');
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          raw,
          subject: decodeHeader(/^Subject: (.*(?:\r?\n[ \t].*)*)/im.exec(raw)?.[1] ?? ''),
          decoded: decodeQuotedPrintable(raw),
          text: partOf(raw, 'text/plain'),
          html: partOf(raw, 'text/html'),
        });
        callback();
      });
    },
  });
  // A client that gives up on the handshake (an untrusted certificate) is the test, not a failure.
  server.on('error', () => undefined);
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const port = (server.server.address() as AddressInfo).port;
  const credentials = options.auth ? `${encodeURIComponent(options.auth.user)}:${encodeURIComponent(options.auth.pass)}@` : '';
  return {
    url: `${options.implicitTls ? 'smtps' : 'smtp'}://${credentials}127.0.0.1:${port}`,
    /** The URL with another login, e.g. a wrong password. */
    urlWith: (user: string, pass: string) => `smtp://${encodeURIComponent(user)}:${encodeURIComponent(pass)}@127.0.0.1:${port}`,
    port,
    /** The certificate to trust (PEM). */
    ca: cert,
    received,
    authAttempts,
    ehloNames,
    silent,
    close: () => new Promise<void>((done) => server.close(() => done())),
  };
}

export type SmtpSink = Awaited<ReturnType<typeof startSmtpSink>>;

/** One text part of a (multipart) message, its transfer encoding undone, read as UTF-8. */
function partOf(raw: string, type: 'text/plain' | 'text/html'): string {
  for (const part of raw.split(/\r?\n--[^\r\n]+\r?\n/)) {
    const split = /\r?\n\r?\n/.exec(part);
    if (!split) continue;
    const headers = part.slice(0, split.index);
    if (!new RegExp(`^Content-Type: ${type}`, 'im').test(headers)) continue;
    const body = part.slice(split.index + split[0].length).replace(/\r?\n--[^\r\n]*--\s*$/, '');
    const encoding = /^Content-Transfer-Encoding: (\S+)/im.exec(headers)?.[1]?.toLowerCase();
    if (encoding === 'base64') return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
    if (encoding === 'quoted-printable') {
      const bytes = body.replace(/=\r?\n/g, '').replace(/\r\n/g, '\n');
      const out: number[] = [];
      for (let i = 0; i < bytes.length; i++) {
        const hex = bytes[i] === '=' ? /^[0-9A-F]{2}/.exec(bytes.slice(i + 1, i + 3)) : null;
        if (hex) {
          out.push(parseInt(hex[0], 16));
          i += 2;
        } else out.push(...Buffer.from(bytes[i]!, 'utf8'));
      }
      return Buffer.from(out).toString('utf8');
    }
    return body.replace(/\r\n/g, '\n');
  }
  return '';
}

function decodeQuotedPrintable(text: string): string {
  return text.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

/** RFC 2047 encoded words (=?UTF-8?Q?...?= / =?UTF-8?B?...?=), enough for subjects. */
function decodeHeader(value: string): string {
  return value
    .replace(/\r?\n[ \t]/g, ' ')
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?utf-8\?([QB])\?([^?]*)\?=/gi, (_m, enc: string, data: string) =>
      enc.toUpperCase() === 'B'
        ? Buffer.from(data, 'base64').toString('utf8')
        : Buffer.from(
            data.replace(/_/g, ' ').replace(/=([0-9A-F]{2})/gi, (_x, h: string) => String.fromCharCode(parseInt(h, 16))),
            'latin1',
          ).toString('utf8'),
    )
    .trim();
}

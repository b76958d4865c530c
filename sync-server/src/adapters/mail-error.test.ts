import { describe, expect, it } from 'vitest';
import { classifySmtpError } from './mail-error.ts';

const smtpError = (code: string, response?: string) =>
  Object.assign(new Error(response ? `failed: ${response}` : 'failed'), {
    code,
    ...(response ? { response, responseCode: Number(response.slice(0, 3)) } : {}),
  });

describe('classifySmtpError: what a failed send means (RFC 5321)', () => {
  it.each([
    ['a 4xx answer', smtpError('EMESSAGE', '451 4.7.1 Greylisted'), 'temporary'],
    ['no answer (connection refused)', Object.assign(new Error('connect ECONNREFUSED'), { code: 'ESOCKET' }), 'temporary'],
    ['a timeout', smtpError('ETIMEDOUT'), 'temporary'],
    ['a 5xx answer to the message', smtpError('EMESSAGE', '554 5.7.1 Rejected by policy'), 'permanent'],
    ['a 5xx answer to a recipient', smtpError('EENVELOPE', '550 5.1.1 No such user'), 'permanent'],
    ['an address nodemailer cannot send to', smtpError('EENVELOPE'), 'permanent'],
    ['a refused login', smtpError('EAUTH', '535 5.7.8 Authentication credentials invalid'), 'auth'],
    ['no STARTTLS on offer (a 5xx that is about us, not the message)', smtpError('ETLS', '502 5.5.1 Command not implemented'), 'tls'],
    ['552 (storage exceeded: temporary, RFC 5321 4.5.3.1.10)', smtpError('EMESSAGE', '552 5.2.2 Mailbox full'), 'temporary'],
    [
      'an untrusted certificate',
      Object.assign(new Error('self-signed certificate'), { code: 'ESOCKET', originalCode: 'DEPTH_ZERO_SELF_SIGNED_CERT' }),
      'tls',
    ],
    [
      'an expired certificate',
      Object.assign(new Error('certificate has expired'), { code: 'ESOCKET', originalCode: 'CERT_HAS_EXPIRED' }),
      'tls',
    ],
  ])('%s is %s', (_name, err, kind) => {
    expect(classifySmtpError(err).kind).toBe(kind);
  });

  it('a failure after the whole body went out, with no reply, is unconfirmed; a reply to it still counts', () => {
    const silence = Object.assign(new Error('Timeout'), { code: 'ETIMEDOUT', timeoutType: 'SOCKET_TIMEOUT' });
    expect(classifySmtpError(silence, { bodySent: true }).kind).toBe('unconfirmed');
    expect(classifySmtpError(silence, { bodySent: false }).kind).toBe('temporary');
    expect(classifySmtpError(smtpError('EMESSAGE', '451 4.3.0 Try later'), { bodySent: true }).kind).toBe('temporary');
  });

  it('keeps the server answer as the reason, on one line', () => {
    const failure = classifySmtpError(smtpError('EENVELOPE', '550 5.1.1 No such\r\n user'));
    expect(failure).toMatchObject({ reason: 'failed: 550 5.1.1 No such user', responseCode: 550, retryable: false });
  });
});

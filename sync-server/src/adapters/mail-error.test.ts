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
  ])('%s is %s', (_name, err, kind) => {
    expect(classifySmtpError(err).kind).toBe(kind);
  });

  it('keeps the server answer as the reason, on one line', () => {
    const failure = classifySmtpError(smtpError('EENVELOPE', '550 5.1.1 No such\r\n user'));
    expect(failure).toMatchObject({ reason: 'failed: 550 5.1.1 No such user', responseCode: 550, retryable: false });
  });
});

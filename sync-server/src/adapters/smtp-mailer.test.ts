// The SMTP adapter against real loopback SMTP servers: one offering STARTTLS (self-signed
// certificate, trusted by the test) and one offering none, each asking for a login.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pino from 'pino';
import { generate } from 'selfsigned';
import { afterEach, describe, expect, it } from 'vitest';
import { INTEGRATION_MESSAGES } from '@courtreplay/shared';
import { loadConfig } from '../config.ts';
import { migrateToLatestOrThrow, openDatabase } from '../db/database.ts';
import { StoredIntegrationHealth } from '../integrations/stored-health.ts';
import { startSmtpSink, type SmtpSink } from '../mail/testing/smtp-sink.ts';
import { frozenClock } from '../testing/clock.ts';
import { createAdapters } from '../adapters-setup.ts';
import { MailError } from './mail-error.ts';
import { SmtpMailer, type SmtpMailerOptions } from './smtp-mailer.ts';

const LOGIN = { user: 'replay@venue.example', pass: 'p@ss w/rd:%' };
const message = { to: 'player@example.com', subject: 'Your clips', text: 'Here they are', html: '<p>Here they are</p>' };

let sink: SmtpSink;
let mailer: SmtpMailer | undefined;

function mailerFor(url: string, options: Partial<SmtpMailerOptions> = {}) {
  mailer = new SmtpMailer({ url, from: 'Arena <replay@venue.example>', ehloName: 'replay.venue.example', ca: sink.ca, ...options });
  return mailer;
}

async function failureOf(promise: Promise<unknown>): Promise<MailError> {
  const err = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(MailError);
  return err as MailError;
}

async function storedHealth() {
  const db = openDatabase(':memory:');
  await migrateToLatestOrThrow(db);
  const lines: string[] = [];
  const logger = pino({ level: 'info' }, { write: (line: string) => void lines.push(line) });
  return { db, lines, health: await StoredIntegrationHealth.load(db, frozenClock(), logger) };
}

describe('SmtpMailer on a loopback server', () => {
  afterEach(async () => {
    mailer?.close();
    mailer = undefined;
    await sink.close();
  });

  it('smtp:// upgrades with STARTTLS before it logs in, and names itself in EHLO', async () => {
    sink = await startSmtpSink({ auth: LOGIN });
    await mailerFor(sink.url).send(message);
    expect(sink.received).toHaveLength(1);
    expect(sink.authAttempts).toEqual([{ ...LOGIN, secure: true }]);
    expect(sink.ehloNames).toEqual(['replay.venue.example']);
  });

  it('never sends the password to a server that offers no STARTTLS; the send fails with a clear reason', async () => {
    sink = await startSmtpSink({ auth: LOGIN, plaintext: true });
    const failure = await failureOf(mailerFor(sink.url).send(message));
    expect(failure.kind).toBe('tls');
    expect(failure.retryable).toBe(false);
    expect(failure.reason).toBe(INTEGRATION_MESSAGES.smtpNoTls);
    expect(sink.authAttempts).toEqual([]);
    expect(sink.received).toEqual([]);
  });

  it('talks in clear only with the explicit SMTP_ALLOW_PLAINTEXT opt-out', async () => {
    sink = await startSmtpSink({ auth: LOGIN, plaintext: true });
    await mailerFor(sink.url, { allowPlaintext: true }).send(message);
    expect(sink.received).toHaveLength(1);
    expect(sink.authAttempts).toEqual([{ ...LOGIN, secure: false }]);
  });

  it('a refused login (535) raises the smtp_auth_failed alert once, logged once, stored', async () => {
    sink = await startSmtpSink({ auth: LOGIN });
    const { db, lines, health } = await storedHealth();
    const m = mailerFor(sink.urlWith(LOGIN.user, 'wrong'), { health });
    expect((await failureOf(m.send(message))).kind).toBe('auth');
    await failureOf(m.send(message));
    await health.flush();
    expect(health.alerts().map((a) => a.code)).toEqual(['smtp_auth_failed']);
    expect(lines.filter((l) => l.includes('smtp_auth_failed'))).toHaveLength(1);
    expect(health.status('mail').lastError?.message).toContain(INTEGRATION_MESSAGES.smtpRefusedLogin);
    // Still known after a restart, and not logged again.
    const again = await StoredIntegrationHealth.load(db, frozenClock());
    expect(again.alerts()).toMatchObject([{ code: 'smtp_auth_failed', integration: 'mail', advice: INTEGRATION_MESSAGES.smtpAuthAdvice }]);
    await db.destroy();
  });

  it('Test connection: logs in and sends a test e-mail to the admin; a wrong password says so plainly', async () => {
    sink = await startSmtpSink({ auth: LOGIN });
    expect(await mailerFor(sink.url).testConnection('owner@venue.example')).toEqual({
      ok: true,
      message: INTEGRATION_MESSAGES.smtpVerified('owner@venue.example'),
    });
    expect(sink.received.map((r) => r.to)).toEqual([['owner@venue.example']]);
    mailer!.close();
    const result = await mailerFor(sink.urlWith(LOGIN.user, 'wrong')).testConnection('owner@venue.example');
    expect(result.ok).toBe(false);
    expect(result.message).toBe(`${INTEGRATION_MESSAGES.smtpRefusedLogin} (535)`);
    expect(sink.received).toHaveLength(1);
  });
});

describe('SmtpMailer: a TLS setup that cannot work is a configuration error, said plainly', () => {
  afterEach(async () => {
    mailer?.close();
    mailer = undefined;
    await sink.close();
  });

  /** A failure that is not retried, raises smtp_tls_failed at once, and carries no OpenSSL text. */
  async function configurationFailure(send: (health: StoredIntegrationHealth) => Promise<unknown>): Promise<MailError> {
    const { db, health } = await storedHealth();
    const failure = await failureOf(send(health));
    await health.flush();
    expect(failure).toMatchObject({ kind: 'tls', retryable: false, configuration: true });
    expect(failure.reason).not.toMatch(/SSL|ssl3|openssl|error:[0-9A-F]{8}|altnames|wrong version/i);
    expect(health.alerts()).toMatchObject([{ code: 'smtp_tls_failed', integration: 'mail', advice: INTEGRATION_MESSAGES.smtpTlsAdvice }]);
    expect(health.status('mail').lastError?.message).toBe(failure.reason);
    expect(sink.authAttempts).toEqual([]);
    expect(sink.received).toEqual([]);
    await db.destroy();
    return failure;
  }

  it('an untrusted (self-signed) certificate', async () => {
    sink = await startSmtpSink({ auth: LOGIN });
    const failure = await configurationFailure((health) => mailerFor(sink.url, { health, ca: undefined }).send(message));
    expect(failure.reason).toBe(INTEGRATION_MESSAGES.smtpCertificateUntrusted);
  });

  it('a certificate made for another host name', async () => {
    const pems = await generate([{ name: 'commonName', value: 'mail.other.example' }], {
      keySize: 2048,
      algorithm: 'sha256',
      extensions: [{ name: 'subjectAltName', altNames: [{ type: 2, value: 'mail.other.example' }] }],
    });
    sink = await startSmtpSink({ auth: LOGIN, certificate: { key: pems.private, cert: pems.cert } });
    const failure = await configurationFailure((health) => mailerFor(sink.url, { health, ca: pems.cert }).send(message));
    expect(failure.reason).toBe(INTEGRATION_MESSAGES.smtpCertificateMismatch);
  });

  it('smtps:// (implicit TLS) on a STARTTLS port', async () => {
    sink = await startSmtpSink({ auth: LOGIN });
    const failure = await configurationFailure((health) => mailerFor(sink.url.replace(/^smtp:/, 'smtps:'), { health }).send(message));
    expect(failure.reason).toBe(INTEGRATION_MESSAGES.smtpImplicitTlsOnPlainPort);
  });

  it('smtp:// (STARTTLS) on an implicit-TLS port: no greeting comes, the port is found to speak TLS', async () => {
    sink = await startSmtpSink({ auth: LOGIN, implicitTls: true });
    const url = sink.url.replace(/^smtps:/, 'smtp:');
    const failure = await configurationFailure((health) => mailerFor(url, { health, timeouts: { greetingMs: 500 } }).send(message));
    expect(failure.reason).toBe(INTEGRATION_MESSAGES.smtpPlainOnImplicitTlsPort);
  });

  it('the same implicit-TLS server is reached with smtps://', async () => {
    sink = await startSmtpSink({ auth: LOGIN, implicitTls: true });
    await mailerFor(sink.url).send(message);
    expect(sink.received).toHaveLength(1);
    expect(sink.authAttempts).toEqual([{ ...LOGIN, secure: true }]);
  });

  it('a refused login keeps the code but never the server reply (it may echo the login)', async () => {
    sink = await startSmtpSink({ auth: LOGIN });
    const failure = await failureOf(mailerFor(sink.urlWith(LOGIN.user, 'wrong')).send(message));
    expect(failure).toMatchObject({ kind: 'auth', retryable: false, reason: `${INTEGRATION_MESSAGES.smtpRefusedLogin} (535)` });
  });

  it('a server that takes the whole message and goes silent: the outcome is unconfirmed, not temporary', async () => {
    sink = await startSmtpSink({ auth: LOGIN, silentAfterData: true });
    // The limit covers the whole session: seconds, so only the silence after the message runs it out.
    const failure = await failureOf(mailerFor(sink.url, { timeouts: { socketMs: 2_000 } }).send(message));
    expect(failure.kind).toBe('unconfirmed');
    expect(failure.retryable).toBe(false);
    expect(sink.silent).toHaveLength(1);
  });
});

describe('SMTP configuration', () => {
  it('refuses SMTP_URL without MAIL_FROM, naming MAIL_FROM', () => {
    expect(() => loadConfig({ SMTP_URL: 'smtps://u:p@smtp.example.com:465' })).toThrow(/MAIL_FROM/);
    expect(loadConfig({}).mail.from).toMatch(/courtreplay\.local/);
  });

  it('SMTP_ALLOW_PLAINTEXT=true is warned about at start-up', async () => {
    const { db, lines } = await storedHealth();
    const logger = pino({ level: 'info' }, { write: (line: string) => void lines.push(line) });
    const dataDir = mkdtempSync(join(tmpdir(), 'courtreplay-smtp-'));
    const env = { DATA_DIR: dataDir, SMTP_URL: 'smtp://u:p@127.0.0.1:2525', MAIL_FROM: 'a@venue.example' };
    createAdapters(loadConfig(env), { db, clock: frozenClock(), logger });
    expect(lines.filter((l) => l.includes('SMTP_ALLOW_PLAINTEXT'))).toHaveLength(0);
    createAdapters(loadConfig({ ...env, SMTP_ALLOW_PLAINTEXT: 'true' }), { db, clock: frozenClock(), logger });
    expect(lines.filter((l) => l.includes('"level":40') && l.includes('SMTP_ALLOW_PLAINTEXT=true'))).toHaveLength(1);
    await db.destroy();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('EHLO name: SMTP_EHLO_NAME, else the host of PUBLIC_URL; plaintext only when asked', () => {
    const base = { SMTP_URL: 'smtp://u:p@smtp.example.com:587', MAIL_FROM: 'a@venue.example' };
    expect(loadConfig({ ...base, PUBLIC_URL: 'https://replay.venue.example/' }).mail).toMatchObject({
      ehloName: 'replay.venue.example',
      allowPlaintext: false,
    });
    expect(loadConfig({ ...base, SMTP_EHLO_NAME: 'mx.venue.example', SMTP_ALLOW_PLAINTEXT: 'true' }).mail).toMatchObject({
      ehloName: 'mx.venue.example',
      allowPlaintext: true,
    });
  });
});

// What the delivery does with each kind of SMTP answer, on a real loopback server with STARTTLS:
// 451 is retried from a stored due time (also after a restart of the worker), for up to a day;
// 550 fails at once with the server's reason, shown on the purchase; 552 is temporary; a refused
// login or an untrusted certificate fails at once with one credential alert; a server silent after
// the whole message is never sent the message again.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { INTEGRATION_MESSAGES } from '@courtreplay/shared';
import { createAdapters } from '../adapters-setup.ts';
import { bodyOf, makeAdapterTestApp, seedPurchase, type AdapterTestApp } from '../adapters/testing/adapter-app.ts';
import { startSmtpSink, type SmtpAnswer, type SmtpSink, type SmtpSinkOptions } from '../mail/testing/smtp-sink.ts';
import { setFolder } from '../purchases/queries.ts';
import { claimDelivery, findDelivery, SEND_LEASE_MS } from './queries.ts';

const LINK = 'https://replay.example/d/AbCdEfGhIjKlMnOpQrStUv';
const MINUTE = 60_000;
const LOGIN = { user: 'replay@venue.example', pass: 'right-one' };

let sink: SmtpSink;
let t: AdapterTestApp;
afterEach(async () => {
  await t.delivery.idle();
  t.delivery.stop();
  await t.close();
  await sink.close();
});

async function setUp(
  options: {
    answer?: (n: number) => SmtpAnswer | undefined;
    smtpUrl?: (s: SmtpSink) => string;
    sink?: SmtpSinkOptions;
    trust?: boolean;
    /** How long a silent server is waited for; far longer than any answer takes on a busy machine. */
    socketMs?: number;
  } = {},
) {
  sink = await startSmtpSink({ auth: LOGIN, ...(options.answer ? { answer: options.answer } : {}), ...options.sink });
  t = await makeAdapterTestApp({
    smtpUrl: options.smtpUrl?.(sink) ?? sink.url,
    ...(options.trust === false ? {} : { smtpCa: sink.ca }),
    smtpTimeouts: { socketMs: options.socketMs ?? 15_000 },
  });
}

/** A paid purchase whose link is saved, answered once its first attempt has ended (sent, failed or due again). */
async function deliverable() {
  const { purchase, token, device } = await seedPurchase(t);
  await t.call('simulatePayment', { params: { token: token, outcome: 'success' } }, { raw: true });
  await setFolder(t.db, purchase.id, { folderId: 'AbCdEfGhIjKlMnOpQrStUv', folderUrl: LINK }, new Date());
  await t.call('updateZipUrl', { params: { id: purchase.id }, body: { zipUrl: LINK, error: false } }, { headers: device.headers });
  // On a busy machine the attempt may not have begun when the call returns: once it is counted,
  // idle() waits for what it records on the purchase.
  await vi.waitFor(async () => expect((await findDelivery(t.db, 'email_deliveries', purchase.id))?.attempts).toBeGreaterThan(0), 30_000);
  await t.delivery.idle();
  return purchase.id;
}

const emailState = (id: string) =>
  t.db.selectFrom('purchases').select(['emailStatus', 'emailError']).where('id', '=', id).executeTakeFirstOrThrow();

async function deliveryShown(id: string) {
  const admin = await t.seed.admin({ role: 'super_admin' });
  const body = await bodyOf(t.call('deliveryReport', { query: { ids: id } }, { headers: admin.headers, raw: true }));
  return body.deliveries[0] as { state: string; reason: string | null };
}

const refuse =
  (code: number, message: string, times = Infinity) =>
  (n: number) =>
    n < times ? { code, message } : undefined;

describe('delivery: each SMTP answer handled as RFC 5321 means it', () => {
  it('451 then 250: retried when due, across a restart of the worker, and delivered once', async () => {
    await setUp({ answer: refuse(451, '4.7.1 Greylisted, try again later', 1) });
    const id = await deliverable();
    expect(sink.received).toHaveLength(0);
    expect(await emailState(id)).toEqual({ emailStatus: null, emailError: null });
    expect(await deliveryShown(id)).toMatchObject({ state: 'link_saved', reason: expect.stringContaining('451 4.7.1 Greylisted') });

    // The server restarts: a new worker over the same database picks the stored due time.
    t.delivery.stop();
    const restarted = createAdapters(t.config, { db: t.db, clock: t.clock, logger: t.logger, smtpCa: sink.ca }).delivery;
    await restarted.start();
    await restarted.idle();
    expect(sink.received).toHaveLength(0);
    t.clock.advance(MINUTE);
    await restarted.runDue();
    expect(sink.received).toHaveLength(1);
    expect(await emailState(id)).toEqual({ emailStatus: 'sent', emailError: null });

    t.clock.advance(60 * MINUTE);
    await restarted.runDue();
    await t.delivery.runDue();
    restarted.stop();
    expect(sink.received).toHaveLength(1);
  });

  it('a send cut short by a stop (claimed, never finished) goes out once its lease lapses, not while another instance may be sending it', async () => {
    await setUp();
    const { purchase, token, device } = await seedPurchase(t);
    await t.call('simulatePayment', { params: { token: token, outcome: 'success' } }, { raw: true });
    await setFolder(t.db, purchase.id, { folderId: 'AbCdEfGhIjKlMnOpQrStUv', folderUrl: LINK }, new Date());
    // The claim lands, then the server stops before the send: what a crash mid-send leaves.
    await claimDelivery(t.db, 'email_deliveries', purchase.id, t.clock.now());
    await t.call('updateZipUrl', { params: { id: purchase.id }, body: { zipUrl: LINK, error: false } }, { headers: device.headers });
    await t.delivery.idle();
    expect(sink.received).toHaveLength(0);
    await t.delivery.start();
    await t.delivery.idle();
    expect(sink.received).toHaveLength(0);
    t.clock.advance(SEND_LEASE_MS);
    await t.delivery.runDue();
    await t.delivery.runDue();
    expect(sink.received).toHaveLength(1);
    expect(await emailState(purchase.id)).toEqual({ emailStatus: 'sent', emailError: null });
  });

  it('4xx keeps being retried past the first minutes, then gives up after a day with the reason', async () => {
    await setUp({ answer: refuse(421, '4.3.2 Service shutting down') });
    const id = await deliverable();
    let tries = 1;
    for (let hour = 1; hour <= 23; hour++) {
      t.clock.advance(60 * MINUTE);
      await t.delivery.runDue();
      tries++;
      expect((await emailState(id)).emailStatus).toBeNull();
    }
    expect(tries).toBeGreaterThan(4);
    t.clock.advance(2 * 60 * MINUTE);
    await t.delivery.runDue();
    const final = await emailState(id);
    expect(final.emailStatus).toBe('failed');
    expect(final.emailError).toMatch(/^Gave up after a day of retries: .*421 4\.3\.2 Service shutting down/);
  });

  it('550 fails at once, with the server reason stored and shown on the purchase', async () => {
    await setUp({ answer: refuse(550, '5.1.1 The email account does not exist') });
    const id = await deliverable();
    const stored = await emailState(id);
    expect(stored.emailStatus).toBe('failed');
    expect(stored.emailError).toMatch(/550 5\.1\.1 The email account does not exist/);
    expect(await deliveryShown(id)).toMatchObject({
      state: 'failed',
      reason: expect.stringContaining('550 5.1.1 The email account does not exist'),
    });
    t.clock.advance(60 * MINUTE);
    await t.delivery.runDue();
    expect(sink.received).toHaveLength(0);
  });

  it('552 (storage exceeded) is temporary as RFC 5321 asks: retried, then delivered once', async () => {
    await setUp({ answer: refuse(552, '5.2.2 Mailbox full', 1) });
    const id = await deliverable();
    expect(sink.received).toHaveLength(0);
    expect(await emailState(id)).toEqual({ emailStatus: null, emailError: null });
    t.clock.advance(MINUTE);
    await t.delivery.runDue();
    expect(sink.received).toHaveLength(1);
    expect(await emailState(id)).toEqual({ emailStatus: 'sent', emailError: null });
  });

  it('535 (wrong password): fails at once with a plain reason, one credential alert however many fail, never retried', async () => {
    await setUp({ smtpUrl: (s) => s.urlWith(LOGIN.user, 'wrong') });
    const first = await deliverable();
    const second = await deliverable();
    const refused = { emailStatus: 'failed', emailError: `${INTEGRATION_MESSAGES.smtpRefusedLogin} (535)` };
    expect(await emailState(first)).toEqual(refused);
    expect(await emailState(second)).toEqual(refused);
    await t.deps.health!.flush();
    const admin = await t.seed.admin({ role: 'super_admin' });
    const body = await bodyOf(t.call('integrationHealth', {}, { headers: admin.headers, raw: true }));
    expect(body.alerts).toEqual([
      expect.objectContaining({
        code: 'smtp_auth_failed',
        integration: 'mail',
        advice: INTEGRATION_MESSAGES.smtpAuthAdvice,
        message: expect.stringContaining('535'),
      }),
    ]);
    const logins = sink.authAttempts.length;
    expect(logins).toBe(2);
    t.clock.advance(60 * MINUTE);
    await t.delivery.runDue();
    expect(sink.authAttempts).toHaveLength(logins);
  });

  it('an untrusted certificate: fails at once with a plain reason (no OpenSSL text) and the smtp_tls_failed alert', async () => {
    await setUp({ trust: false });
    const id = await deliverable();
    await t.deps.health!.flush();
    expect(await emailState(id)).toEqual({ emailStatus: 'failed', emailError: INTEGRATION_MESSAGES.smtpCertificateUntrusted });
    const admin = await t.seed.admin({ role: 'super_admin' });
    const body = await bodyOf(t.call('integrationHealth', {}, { headers: admin.headers, raw: true }));
    expect(body.alerts).toEqual([expect.objectContaining({ code: 'smtp_tls_failed', advice: INTEGRATION_MESSAGES.smtpTlsAdvice })]);
    t.clock.advance(60 * MINUTE);
    await t.delivery.runDue();
    expect(sink.authAttempts).toEqual([]);
  });

  it('a server silent after the whole message: counted as sent, never sent again, the doubt shown', async () => {
    await setUp({ sink: { silentAfterData: true }, socketMs: 2_000 });
    const id = await deliverable();
    expect(sink.silent).toHaveLength(1);
    expect(await emailState(id)).toEqual({ emailStatus: 'sent', emailError: null });
    for (let hour = 1; hour <= 25; hour++) {
      t.clock.advance(60 * MINUTE);
      await t.delivery.runDue();
    }
    expect(sink.silent).toHaveLength(1);
    await t.deps.health!.flush();
    const admin = await t.seed.admin({ role: 'super_admin' });
    const body = await bodyOf(t.call('integrationHealth', {}, { headers: admin.headers, raw: true }));
    expect(body.integrations[2].lastError.message).toBe(INTEGRATION_MESSAGES.smtpUnconfirmed(id));
  });
});

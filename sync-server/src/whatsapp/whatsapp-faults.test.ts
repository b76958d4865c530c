// WhatsApp under the faults Meta's Cloud API documents, through the real CloudWhatsapp adapter
// against the imitation written from Meta's documentation (adapters/testing/whatsapp-imitation.ts):
// statuses stamped in whole seconds or before the send's answer, sends without an answer, a stop in
// the middle of a send, configuration and payment errors, phone-only resends, odd timestamps.
import { errorEntryText, INTEGRATION_MESSAGES, MESSAGES, type ErrorEntry } from '@courtreplay/shared';
import pino from 'pino';
import { Writable } from 'node:stream';
import { afterEach, describe, expect, it } from 'vitest';
import { bodyOf, makeAdapterTestApp, type AdapterTestApp, type Json } from '../adapters/testing/adapter-app.ts';
import { startWhatsappImitation, type WhatsappImitation } from '../adapters/testing/whatsapp-imitation.ts';
import { createAdapters } from '../adapters-setup.ts';
import { countRows } from '../testing/index.ts';

const TOKEN = 'EAAG-test-permanent-token';
const NUMBER_ID = '106540352242922';
const SECRET = 'app-secret-of-the-meta-app';
const TEMPLATE = 'courtreplay_clips_ready';
const MINUTE = 60_000;

describe('WhatsApp under the faults Meta documents', () => {
  let t: AdapterTestApp;
  let meta: WhatsappImitation;
  const logged: Record<string, unknown>[] = [];

  async function setUp(env: Record<string, string> = {}, options: { whatsappTimeoutMs?: number } = {}) {
    meta = await startWhatsappImitation({
      accessToken: TOKEN,
      phoneNumberId: NUMBER_ID,
      appSecret: SECRET,
      templates: { [TEMPLATE]: ['id', 'en'] },
    });
    logged.length = 0;
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        for (const line of chunk.toString('utf8').split('\n').filter(Boolean)) logged.push(JSON.parse(line) as Record<string, unknown>);
        done();
      },
    });
    t = await makeAdapterTestApp({
      retryDelaysMs: [MINUTE],
      ...options,
      deps: { logger: pino({ level: 'warn' }, sink) },
      env: {
        PUBLIC_URL: 'https://replay.example',
        WHATSAPP_API_URL: meta.apiUrl,
        WHATSAPP_ACCESS_TOKEN: TOKEN,
        WHATSAPP_PHONE_NUMBER_ID: NUMBER_ID,
        WHATSAPP_APP_SECRET: SECRET,
        WHATSAPP_VERIFY_TOKEN: 'verify-me',
        WHATSAPP_TEMPLATE: TEMPLATE,
        ...env,
      },
    });
  }
  afterEach(async () => {
    meta.release('drop');
    await t.delivery.idle();
    await t.close();
    await meta.close();
  });

  async function buy(input: { email?: string } = {}) {
    const venue = await t.seed.venue({ name: 'Arena Senayan' });
    const field = await t.seed.field({ venueId: venue.id, name: 'Court 1' });
    const device = await t.seed.device({ venueId: venue.id, fieldId: field.id });
    const res = await t.call(
      'createPurchase',
      {
        body: {
          ...(input.email ? { email: input.email } : {}),
          phone: '0812-3456-7890',
          phoneConsent: true,
          videoIds: ['video-1', 'video-2'],
          totalAmount: 2000,
          language: 'id',
        },
      },
      { headers: device.headers, raw: true },
    );
    const body: Json = await res.json();
    expect(res.status, body.message).toBe(201);
    return { id: body.transaction.id as string, token: (body.payment?.token ?? '') as string, device };
  }
  /** Pays; resolves once the payment's answer came back (the first send's attempt included). */
  const pay = async (token: string) => {
    await t.call('simulatePayment', { params: { token, outcome: 'success' } }, { raw: true });
    await t.delivery.idle();
  };
  const post = (webhook: { raw: string; signature: string }) =>
    t.app.request('/api/whatsapp/webhook', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-Hub-Signature-256': webhook.signature },
      body: webhook.raw,
    });
  const row = (id: string) =>
    t.db.selectFrom('purchases').select(['whatsappStatus', 'whatsappError', 'emailStatus']).where('id', '=', id).executeTakeFirstOrThrow();
  const owner = () => t.seed.admin({ role: 'super_admin' });
  async function errors(kind: string, status: 'open' | 'all' = 'open'): Promise<Json[]> {
    const admin = await owner();
    const page: Json = await bodyOf(t.call('listErrors', { query: { kind, status } } as never, { headers: admin.headers, raw: true }));
    return (page.entries as ErrorEntry[]).map((e) => ({ ...e, ...errorEntryText(e, 'en') }));
  }
  async function timeline(id: string): Promise<Json[]> {
    const admin = await owner();
    return (await bodyOf(t.call('purchaseTimeline', { params: { id } }, { headers: admin.headers, raw: true }))).events as Json[];
  }
  const posts = () => meta.requests.filter((r) => r.method === 'POST').length;

  describe('a failure Meta reports stays open unless another message went out after it', () => {
    for (const [name, offsetMs] of [
      ['stamped in the same second as the send', 0],
      ['stamped a second before the send (clocks differ)', -1_000],
    ] as const) {
      it(`131026 ${name}`, async () => {
        await setUp();
        t.clock.set('2026-11-20T03:00:00.700Z');
        const { id, token } = await buy();
        await pay(token);
        expect(meta.sent).toHaveLength(1);
        const failed = meta.statusWebhook(meta.sent[0]!, 'failed', new Date(t.clock.now().getTime() + offsetMs), 131026);
        expect((await post(failed)).status).toBe(200);

        expect((await row(id)).whatsappStatus).toBe('failed');
        const open = await errors('whatsapp_failed');
        expect(open).toHaveLength(1);
        expect(open[0]).toMatchObject({ transactionId: id, resolvedAt: null });
        expect(open[0].what).toContain('131026');

        // A resend that Meta accepts is a message that went out after it: the entry resolves itself.
        t.clock.advance(MINUTE);
        const admin = await owner();
        await t.call('resendEmail', { params: { id } }, { headers: admin.headers, status: 200 });
        expect(await errors('whatsapp_failed')).toEqual([]);
      });
    }
  });

  it('a status that comes before the send is answered is kept, applied once the answer is stored, and the purchase ends as Meta said', async () => {
    await setUp();
    const { id, token } = await buy();
    meta.inject('hold');
    const paying = pay(token);
    await meta.nextHeld();
    const message = meta.sent[0]!;
    // Meta reports the message sent, then failed, before its answer to our request arrives.
    expect((await post(meta.statusWebhook(message, 'sent', t.clock.now()))).status).toBe(200);
    expect((await post(meta.statusWebhook(message, 'failed', t.clock.now(), 131026))).status).toBe(200);
    meta.release('answer');
    await paying;

    expect(await row(id)).toMatchObject({ whatsappStatus: 'failed', whatsappError: expect.stringContaining('131026') });
    const events = await timeline(id);
    expect(events.filter((e) => e.kind === 'whatsapp_status').map((e) => e.status)).toEqual(['sent']);
    expect(events.filter((e) => e.kind === 'whatsapp_failed')).toHaveLength(1);
    expect(await errors('whatsapp_failed')).toHaveLength(1);
  });

  it('a kept status is matched on the next status too, and only once', async () => {
    await setUp();
    const { id, token } = await buy();
    await pay(token);
    const message = meta.sent[0]!;
    // The send's answer is stored; a status of an id not known yet is kept, not dropped.
    await t.db
      .withTables<{ whatsapp_deliveries: { purchaseId: string; messageId: string | null } }>()
      .updateTable('whatsapp_deliveries')
      .set({ messageId: null })
      .execute();
    await t.db.withTables<{ whatsapp_messages: { messageId: string } }>().deleteFrom('whatsapp_messages').execute();
    expect((await post(meta.statusWebhook(message, 'delivered', t.clock.now()))).status).toBe(200);
    expect((await timeline(id)).filter((e) => e.kind === 'whatsapp_status')).toEqual([]);
    await t.db
      .withTables<{ whatsapp_messages: { messageId: string; purchaseId: string; sentAt: string } }>()
      .insertInto('whatsapp_messages')
      .values({ messageId: message.id, purchaseId: id, sentAt: t.clock.now().toISOString() })
      .execute();
    expect((await post(meta.statusWebhook(message, 'read', t.clock.now()))).status).toBe(200);
    expect((await post(meta.statusWebhook(message, 'read', t.clock.now()))).status).toBe(200);
    expect((await timeline(id)).filter((e) => e.kind === 'whatsapp_status').map((e) => e.status)).toEqual(['delivered', 'read']);
  });

  describe('a send without a clear answer is unconfirmed, never silent and never retried', () => {
    /** The time limit a held send reaches; an answered one (the resend) stays far inside it on a busy machine. */
    const HELD_MS = 1_500;
    for (const fault of ['hold', 'drop'] as const) {
      it(fault === 'hold' ? 'a timeout' : 'a connection dropped after the request was written', async () => {
        await setUp({}, { whatsappTimeoutMs: HELD_MS });
        const { id, token } = await buy();
        meta.inject(fault);
        await pay(token);
        expect(meta.sent).toHaveLength(1); // Meta has it

        expect((await row(id)).whatsappStatus).toBe('unconfirmed');
        const admin = await owner();
        const tx: Json = await bodyOf(t.call('purchaseTimeline', { params: { id } }, { headers: admin.headers, raw: true }));
        expect(tx.transaction.whatsappSent).toBe('unconfirmed');
        expect(tx.events.find((e: Json) => e.kind === 'whatsapp_sent').unconfirmed).toBeTruthy();
        const panel: Json = await bodyOf(t.call('integrationHealth', {}, { headers: admin.headers, raw: true }));
        expect(panel.integrations.find((i: Json) => i.kind === 'whatsapp').lastError.message).toBe(
          INTEGRATION_MESSAGES.whatsappUnconfirmed(id),
        );

        // Not retried, however long one waits; listed in Errors once 10 minutes pass without a status.
        t.clock.advance(9 * MINUTE);
        await t.delivery.runDue();
        expect(await errors('whatsapp_unconfirmed')).toEqual([]);
        t.clock.advance(2 * MINUTE);
        await t.delivery.runDue();
        t.clock.advance(3 * 3_600_000);
        await t.delivery.runDue();
        expect(posts()).toBe(1);
        const listed = await errors('whatsapp_unconfirmed');
        expect(listed).toHaveLength(1);
        expect(listed[0]).toMatchObject({ transactionId: id, todo: MESSAGES.errorsTab.whatsappUnconfirmedTodo });
        expect(listed[0].what).toContain(id);

        // Resend is offered and works; the entry is then over.
        const resent = await t.call('resendEmail', { params: { id } }, { headers: admin.headers, raw: true });
        expect(resent.status).toBe(200);
        expect(meta.sent).toHaveLength(2);
        expect((await row(id)).whatsappStatus).toBe('sent');
        expect(await errors('whatsapp_unconfirmed')).toEqual([]);
      });
    }

    it('a delivered status for the unanswered message confirms it: not listed in Errors', async () => {
      await setUp({}, { whatsappTimeoutMs: HELD_MS });
      const { id, token } = await buy();
      meta.inject('hold');
      await pay(token);
      expect((await row(id)).whatsappStatus).toBe('unconfirmed');
      for (const webhook of meta.webhooksAfter(meta.sent[0]!, t.clock.now())) expect((await post(webhook)).status).toBe(200);
      expect((await row(id)).whatsappStatus).toBe('sent');
      t.clock.advance(11 * MINUTE);
      expect(await errors('whatsapp_unconfirmed')).toEqual([]);
      expect((await timeline(id)).filter((e) => e.kind === 'whatsapp_status').map((e) => e.status)).toEqual(['sent', 'delivered']);
    });
  });

  describe('a restart never sends a message twice', () => {
    /** Another server on the same database, as after a restart: its own delivery worker. */
    function restarted() {
      return createAdapters(t.config, {
        db: t.db,
        clock: t.clock,
        logger: pino({ level: 'silent' }),
        ...(t.deps.health ? { health: t.deps.health } : {}),
      });
    }

    it('a send in flight when the worker stopped is unconfirmed after the restart, not sent again; a refused one is sent', async () => {
      await setUp();
      const { id, token } = await buy();
      meta.inject('hold');
      const paying = pay(token);
      await meta.nextHeld(); // Meta has the message; the first server stops before the answer

      t.clock.advance(10 * MINUTE);
      const next = restarted();
      await next.delivery.start();
      await next.delivery.runDue();
      await next.delivery.idle();
      next.delivery.stop();

      expect(posts()).toBe(1);
      expect(await row(id)).toMatchObject({ whatsappStatus: 'unconfirmed', whatsappError: INTEGRATION_MESSAGES.whatsappInterrupted });
      t.clock.advance(11 * MINUTE);
      expect((await errors('whatsapp_unconfirmed')).map((e) => e.transactionId)).toEqual([id]);
      meta.release('drop');
      await paying;
      expect(posts()).toBe(1);

      // A send whose refusal is known (429: not taken) is sent after the next restart, once.
      const refused = await buy();
      meta.inject('429');
      await pay(refused.token);
      expect(meta.sent).toHaveLength(1);
      t.clock.advance(2 * MINUTE);
      const again = restarted();
      await again.delivery.start();
      await again.delivery.runDue();
      await again.delivery.idle();
      again.delivery.stop();
      expect(meta.sent).toHaveLength(2);
      expect((await row(refused.id)).whatsappStatus).toBe('sent');
    });
  });

  describe('configuration and account problems say which setting to fix and raise the credential alert', () => {
    it('100 with subcode 33: an unknown WHATSAPP_PHONE_NUMBER_ID', async () => {
      await setUp({ WHATSAPP_PHONE_NUMBER_ID: '999000111' });
      const { id, token } = await buy();
      await pay(token);
      const { whatsappError } = await row(id);
      expect(whatsappError).toContain('WHATSAPP_PHONE_NUMBER_ID');
      expect(whatsappError).toContain('100');
      expect(whatsappError).not.toMatch(/with the player/);
      await t.deps.health!.flush();
      const alerts = await errors('credential_alert');
      expect(alerts).toHaveLength(1);
      expect(alerts[0].todo).toContain('WHATSAPP_PHONE_NUMBER_ID');
      t.clock.advance(3 * 3_600_000);
      await t.delivery.runDue();
      expect(posts()).toBe(1);
    });

    it('131042: the business account has a payment problem, and where to fix it', async () => {
      await setUp();
      const { id, token } = await buy();
      meta.inject('131042');
      await pay(token);
      expect((await row(id)).whatsappError).toMatch(/payment problem \(131042\).*Payment settings/);
      await t.deps.health!.flush();
      const alerts = await errors('credential_alert');
      expect(alerts).toHaveLength(1);
      expect(alerts[0].what).toBe(INTEGRATION_MESSAGES.whatsappPayment);
      expect(alerts[0].todo).toContain('Payment settings');
    });

    it('131042 reported by a failed status raises the same alert', async () => {
      await setUp();
      const { id, token } = await buy();
      await pay(token);
      expect((await post(meta.statusWebhook(meta.sent[0]!, 'failed', t.clock.now(), 131042))).status).toBe(200);
      expect((await row(id)).whatsappError).toMatch(/payment problem \(131042\)/);
      await t.deps.health!.flush();
      expect((await errors('credential_alert')).map((a) => a.what)).toEqual([INTEGRATION_MESSAGES.whatsappPayment]);
    });
  });

  describe('a purchase with only a number', () => {
    it('Resend sends the WhatsApp message at once, link saved or not, and says so', async () => {
      await setUp();
      const { id, token } = await buy();
      await pay(token);
      expect(meta.sent).toHaveLength(1);
      const admin = await owner();
      const res = await t.call('resendEmail', { params: { id } }, { headers: admin.headers, raw: true });
      expect(res.status).toBe(200);
      expect(await bodyOf(res)).toEqual({ message: MESSAGES.transactions.whatsappResent });
      expect(meta.sent).toHaveLength(2);
      expect(await row(id)).toMatchObject({ whatsappStatus: 'sent', emailStatus: null });
      const audit: Json = await bodyOf(t.call('listAuditLog', { query: {} } as never, { headers: admin.headers, raw: true }));
      expect(audit.entries.map((e: Json) => e.action)).toContain('transaction.resend_whatsapp');
      expect(audit.entries.map((e: Json) => e.action)).not.toContain('transaction.resend');
      expect((await timeline(id)).find((e) => e.kind === 'resend')).toMatchObject({ channel: 'whatsapp' });
    });

    it('WHATSAPP=off refuses it with a plain 400 and stores nothing', async () => {
      meta = await startWhatsappImitation({ accessToken: TOKEN, phoneNumberId: NUMBER_ID, appSecret: SECRET, templates: {} });
      t = await makeAdapterTestApp({ env: { WHATSAPP: 'off' } });
      const venue = await t.seed.venue({ name: 'Arena Senayan' });
      const field = await t.seed.field({ venueId: venue.id, name: 'Court 1' });
      const device = await t.seed.device({ venueId: venue.id, fieldId: field.id });
      const before = await countRows(t.db, 'purchases');
      const body = { phone: '0812-3456-7890', phoneConsent: true, videoIds: ['video-1'], totalAmount: 1000 };
      const res = await t.call('createPurchase', { body }, { headers: device.headers, raw: true });
      expect(res.status).toBe(400);
      expect((await bodyOf(res)).message).toBe(MESSAGES.checkout.whatsappOff);
      expect(await countRows(t.db, 'purchases')).toBe(before);
      // With an address too, the purchase goes on (the e-mail delivers).
      const both = await t.call(
        'createPurchase',
        { body: { ...body, email: 'player@example.com' } },
        { headers: device.headers, raw: true },
      );
      expect(both.status).toBe(201);
    });

    it('an undelivered entry names WhatsApp as what has not gone out', async () => {
      await setUp({}, {});
      const { id, token } = await buy();
      meta.inject('429', '429', '429');
      await pay(token);
      t.clock.advance(11 * MINUTE);
      const listed = await errors('undelivered');
      expect(listed.map((e) => e.transactionId)).toEqual([id]);
      expect(listed[0].what).toContain('the WhatsApp message has not gone out');
    });
  });

  it('a status stamped more than a day off is stored at the time it was received, and logged', async () => {
    await setUp();
    const { id, token } = await buy();
    await pay(token);
    const received = t.clock.now().toISOString();
    const future = new Date(t.clock.now().getTime() + 3 * 24 * 3_600_000);
    expect((await post(meta.statusWebhook(meta.sent[0]!, 'delivered', future))).status).toBe(200);
    const past = new Date(t.clock.now().getTime() - 2 * 24 * 3_600_000);
    expect((await post(meta.statusWebhook(meta.sent[0]!, 'read', past))).status).toBe(200);
    const statuses = (await timeline(id)).filter((e) => e.kind === 'whatsapp_status');
    expect(statuses.map((e) => [e.status, e.at])).toEqual([
      ['delivered', received],
      ['read', received],
    ]);
    const odd = logged.filter((l) => typeof l.msg === 'string' && l.msg.includes('more than a day off'));
    expect(odd.map((l) => l.timestamp)).toEqual([String(Math.floor(future.getTime() / 1000)), String(Math.floor(past.getTime() / 1000))]);
  });
});

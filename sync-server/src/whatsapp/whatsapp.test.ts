// Clips on WhatsApp, through the real CloudWhatsapp adapter against an imitation of Meta's
// Cloud API written from its documentation (adapters/testing/whatsapp-imitation.ts).
import { errorEntryText, MESSAGES } from '@courtreplay/shared';
import { afterEach, describe, expect, it } from 'vitest';
import { bodyOf, makeAdapterTestApp, type AdapterTestApp, type Json } from '../adapters/testing/adapter-app.ts';
import { sign, startWhatsappImitation, type WhatsappImitation } from '../adapters/testing/whatsapp-imitation.ts';
import { countRows } from '../testing/index.ts';

const TOKEN = 'EAAG-test-permanent-token';
const NUMBER_ID = '106540352242922';
const SECRET = 'app-secret-of-the-meta-app';
const VERIFY = 'verify-me-please';
const TEMPLATE = 'courtreplay_clips_ready';

describe('WhatsApp: one template message per paid or free purchase, statuses from signed webhooks', () => {
  let t: AdapterTestApp;
  let meta: WhatsappImitation;

  async function setUp(env: Record<string, string> = {}, notOnWhatsapp: string[] = []) {
    meta = await startWhatsappImitation({
      accessToken: TOKEN,
      phoneNumberId: NUMBER_ID,
      appSecret: SECRET,
      templates: { [TEMPLATE]: ['id', 'en'] },
      notOnWhatsapp,
    });
    t = await makeAdapterTestApp({
      retryDelaysMs: [60_000],
      env: {
        PUBLIC_URL: 'https://replay.example',
        WHATSAPP_API_URL: meta.apiUrl,
        WHATSAPP_ACCESS_TOKEN: TOKEN,
        WHATSAPP_PHONE_NUMBER_ID: NUMBER_ID,
        WHATSAPP_APP_SECRET: SECRET,
        WHATSAPP_VERIFY_TOKEN: VERIFY,
        WHATSAPP_TEMPLATE: TEMPLATE,
        ...env,
      },
    });
  }
  afterEach(async () => {
    await t.delivery.idle();
    await t.close();
    await meta.close();
  });

  async function buy(input: { phone?: string; email?: string; language?: 'id' | 'en'; total?: number } = {}) {
    const venue = await t.seed.venue({ name: 'Arena Senayan' });
    const field = await t.seed.field({ venueId: venue.id, name: 'Court 1' });
    const device = await t.seed.device({ venueId: venue.id, fieldId: field.id });
    const res = await t.call(
      'createPurchase',
      {
        body: {
          ...(input.email ? { email: input.email } : {}),
          phone: input.phone ?? '0812-3456-7890',
          phoneConsent: true,
          videoIds: ['video-1', 'video-2'],
          totalAmount: input.total ?? 2000,
          language: input.language ?? 'id',
        },
      },
      { headers: device.headers, raw: true },
    );
    const body: Json = await res.json();
    expect(res.status, body.message).toBe(201);
    await t.delivery.idle();
    return {
      id: body.transaction.id as string,
      token: (body.payment?.token ?? '') as string,
      phoneUrl: body.phoneUrl as string,
      body,
      device,
    };
  }
  const pay = async (token: string) => {
    await t.call('simulatePayment', { params: { token: token, outcome: 'success' } }, { raw: true });
    await t.delivery.idle();
  };
  const post = (raw: string, signature?: string) =>
    t.app.request('/api/whatsapp/webhook', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', ...(signature ? { 'X-Hub-Signature-256': signature } : {}) },
      body: raw,
    });
  const row = (id: string) =>
    t.db
      .selectFrom('purchases')
      .select(['phone', 'email', 'whatsappStatus', 'whatsappError'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
  const timeline = async (id: string) => {
    const owner = await t.seed.admin({ role: 'super_admin' });
    return (await bodyOf(t.call('purchaseTimeline', { params: { id } }, { headers: owner.headers, raw: true }))).events as Json[];
  };

  it('a paid purchase with a number sends exactly one template message with the phone-page link to the E.164 number without +', async () => {
    await setUp();
    const { id, token, phoneUrl, body } = await buy();
    expect(body.transaction).toMatchObject({ phone: '+6281234567890', email: '', whatsappSent: null });
    expect(meta.sent).toHaveLength(0); // unpaid: nothing yet

    await pay(token);
    expect(meta.sent).toHaveLength(1);
    expect(meta.sent[0]).toMatchObject({
      to: '6281234567890',
      template: TEMPLATE,
      language: 'id',
      parameters: [phoneUrl],
      authorization: `Bearer ${TOKEN}`,
    });
    expect(phoneUrl).toMatch(/^https:\/\/replay\.example\/p\//);
    expect(meta.requests[0]!.url.pathname).toBe(`/v21.0/${NUMBER_ID}/messages`);
    expect(await row(id)).toMatchObject({ whatsappStatus: 'sent', whatsappError: null });

    // Repeated notifications, a saved link and direct calls send nothing more.
    await pay(token);
    await t.delivery.purchaseChanged(id);
    await t.delivery.idle();
    expect(meta.sent).toHaveLength(1);
  });

  it('a free purchase sends one too, in English for an English kiosk; no e-mail is attempted without an address', async () => {
    await setUp();
    await t.seed.config('DEFAULT_PRICE', '0');
    const { id } = await buy({ total: 0, language: 'en' });
    expect(meta.sent).toHaveLength(1);
    expect(meta.sent[0]).toMatchObject({ language: 'en', to: '6281234567890' });
    expect(await t.db.selectFrom('purchases').select('emailStatus').where('id', '=', id).executeTakeFirstOrThrow()).toEqual({
      emailStatus: null,
    });
  });

  it('an unpaid purchase sends none', async () => {
    await setUp();
    const { id } = await buy();
    await t.delivery.purchaseChanged(id);
    await t.delivery.runDue();
    await t.delivery.idle();
    expect(meta.sent).toHaveLength(0);
  });

  it("answers Meta's verification with the challenge for the right token only", async () => {
    await setUp();
    const ok = await t.app.request(`/api/whatsapp/webhook?hub.mode=subscribe&hub.verify_token=${VERIFY}&hub.challenge=1158201444`);
    expect(ok.status).toBe(200);
    expect(await ok.text()).toBe('1158201444');
    const wrong = await t.app.request('/api/whatsapp/webhook?hub.mode=subscribe&hub.verify_token=guess&hub.challenge=1');
    expect(wrong.status).toBe(403);
  });

  it("refuses a forged webhook (no, wrong or another secret's signature): 401, nothing stored", async () => {
    await setUp();
    const { id, token } = await buy();
    await pay(token);
    const events = await countRows(t.db, 'purchase_events');
    const [webhook] = meta.webhooksAfter(meta.sent[0]!, t.clock.now());
    for (const signature of [
      undefined,
      'sha256=00',
      sign('another-secret', webhook!.raw),
      webhook!.signature.replace(/.$/, (last) => (last === '0' ? '1' : '0')),
    ]) {
      const res = await post(webhook!.raw, signature);
      expect(res.status).toBe(401);
    }
    // The body changed after signing: refused too.
    expect((await post(webhook!.raw.replace('"sent"', '"read"'), webhook!.signature)).status).toBe(401);
    expect(await countRows(t.db, 'purchase_events')).toBe(events);
    expect((await timeline(id)).filter((e) => e.kind === 'whatsapp_status')).toEqual([]);
  });

  it('records each status in the timeline once, however often Meta repeats it', async () => {
    await setUp();
    const { id, token } = await buy();
    await pay(token);
    const message = meta.sent[0]!;
    const later = new Date(t.clock.now().getTime() + 5_000);
    for (const webhook of [...meta.webhooksAfter(message, later), meta.statusWebhook(message, 'read', later)]) {
      expect((await post(webhook.raw, webhook.signature)).status).toBe(200);
      expect((await post(webhook.raw, webhook.signature)).status).toBe(200);
    }
    const statuses = (await timeline(id)).filter((e) => e.kind === 'whatsapp_status').map((e) => e.status);
    expect(statuses).toEqual(['sent', 'delivered', 'read']);
    const sent = (await timeline(id)).find((e) => e.kind === 'whatsapp_sent');
    expect(sent).toMatchObject({ to: '+6281234567890' });
  });

  it('a failed status (131026, not on WhatsApp) marks the purchase failed and is listed in Errors with what to do', async () => {
    await setUp({}, ['6281299998888']);
    const { id, token } = await buy({ phone: '+62 812 9999 8888' });
    await pay(token);
    expect(meta.sent).toHaveLength(1);
    for (const webhook of meta.webhooksAfter(meta.sent[0]!, t.clock.now()))
      expect((await post(webhook.raw, webhook.signature)).status).toBe(200);

    expect(await row(id)).toMatchObject({
      whatsappStatus: 'failed',
      whatsappError: expect.stringContaining('not on WhatsApp, or cannot receive the message (131026)'),
    });
    const owner = await t.seed.admin({ role: 'super_admin' });
    const { entries } = await t.call('listErrors', { query: { kind: 'whatsapp_failed' } }, { headers: owner.headers });
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ kind: 'whatsapp_failed', transactionId: id, facts: { to: '+6281299998888' } });
    const said = errorEntryText(entries[0]!, 'en');
    expect(said).toMatchObject({ what: expect.stringContaining('+62 812-9999-8888'), todo: MESSAGES.errorsTab.whatsappTodo });
    expect(said.what).toContain('131026');
  });

  it('a template Meta does not have (132001) fails at once with a plain reason, never retried', async () => {
    await setUp({ WHATSAPP_TEMPLATE: 'not_submitted_yet' });
    const { id, token } = await buy();
    await pay(token);
    expect(meta.requests.filter((r) => r.method === 'POST')).toHaveLength(1);
    expect((await row(id)).whatsappError).toMatch(/does not exist in this language, or is not approved yet \(132001\)/);
    t.clock.advance(2 * 3_600_000);
    await t.delivery.runDue();
    expect(meta.requests.filter((r) => r.method === 'POST')).toHaveLength(1);
  });

  it('a rate limit (130429) and a 429 are retried later, from the stored due time, and the message goes once', async () => {
    await setUp();
    meta.inject('rate-limit', '429');
    const { id, token } = await buy();
    await pay(token);
    expect(meta.sent).toHaveLength(0);
    expect((await row(id)).whatsappStatus).toBeNull();
    await t.delivery.runDue(); // not due yet
    expect(meta.requests.filter((r) => r.method === 'POST')).toHaveLength(1);
    t.clock.advance(60_000);
    await t.delivery.runDue();
    expect(meta.sent).toHaveLength(0);
    t.clock.advance(60_000);
    await t.delivery.runDue();
    expect(meta.sent).toHaveLength(1);
    expect((await row(id)).whatsappStatus).toBe('sent');
    t.clock.advance(60_000);
    await t.delivery.runDue();
    expect(meta.sent).toHaveLength(1);
  });

  it('an admin corrects the number and Resend sends the message to the new one', async () => {
    await setUp();
    const { id, token, device } = await buy();
    await pay(token);
    const owner = await t.seed.admin({ role: 'super_admin' });
    await t.call('updatePurchaseContact', { params: { id }, body: { phone: '021 555 1234' } }, { headers: owner.headers, status: 400 });
    expect((await row(id)).phone).toBe('+6281234567890');
    const fixed = await t.call(
      'updatePurchaseContact',
      { params: { id }, body: { phone: '0813 1111 2222' } },
      { headers: owner.headers, raw: true },
    );
    expect(fixed.status).toBe(200);
    expect((await bodyOf(fixed)).transaction.phone).toBe('+6281311112222');
    // Resend needs the link (as for e-mail): the kiosk saves it first.
    const folder = await bodyOf(
      t.call('createFolder', { body: { folderName: 'clips', purchaseId: id } }, { headers: device.headers, raw: true }),
    );
    await t.call('updateZipUrl', { params: { id }, body: { zipUrl: folder.folderUrl } }, { headers: device.headers });
    const resent = await t.call('resendEmail', { params: { id } }, { headers: owner.headers, raw: true });
    expect(resent.status, JSON.stringify(await bodyOf(resent.clone()))).toBe(200);
    expect(meta.sent.map((m) => m.to)).toEqual(['6281234567890', '6281311112222']);
    expect((await timeline(id)).map((e) => e.kind)).toContain('phone_corrected');
  });

  it('the Test button checks the token and the phone number id against the Cloud API', async () => {
    await setUp();
    const owner = await t.seed.admin({ role: 'super_admin' });
    const ok: Json = await bodyOf(t.call('testIntegration', { params: { kind: 'whatsapp' } }, { headers: owner.headers, raw: true }));
    expect(ok).toMatchObject({ ok: true, message: expect.stringContaining('+62 21 5000 1234') });
    await t.close();
    await meta.close();
    await setUp({ WHATSAPP_ACCESS_TOKEN: 'EAAG-revoked' });
    const owner2 = await t.seed.admin({ role: 'super_admin' });
    const refused: Json = await bodyOf(t.call('testIntegration', { params: { kind: 'whatsapp' } }, { headers: owner2.headers, raw: true }));
    expect(refused).toMatchObject({ ok: false });
    expect(refused.message).toMatch(/refused WHATSAPP_ACCESS_TOKEN/);
  });

  it('erase removes the number, from the purchase and its history', async () => {
    await setUp();
    const { id, token } = await buy();
    await pay(token);
    const owner = await t.seed.admin({ role: 'super_admin' });
    await t.call('erasePurchase', { params: { id } }, { headers: owner.headers, status: 200 });
    expect((await row(id)).phone).toBeNull();
    expect(JSON.stringify(await timeline(id))).not.toContain('6281234567890');
  });

  it('search finds a purchase by its number as people type it', async () => {
    await setUp();
    const { id } = await buy();
    const owner = await t.seed.admin({ role: 'super_admin' });
    for (const typed of ['0812-3456', '+62 812 3456 7890', '34567890']) {
      const page: Json = await bodyOf(t.call('listPurchases', { query: { email: typed } }, { headers: owner.headers, raw: true }));
      expect(page.transactions.map((p: Json) => p.id)).toEqual([id]);
    }
    const none: Json = await bodyOf(t.call('listPurchases', { query: { email: '0899' } }, { headers: owner.headers, raw: true }));
    expect(none.transactions).toEqual([]);
  });
});

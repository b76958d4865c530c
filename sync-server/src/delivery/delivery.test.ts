import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { SimulatorProvider } from '../adapters/simulator.ts';
import { bodyOf, makeAdapterTestApp, seedPurchase, type AdapterTestApp } from '../adapters/testing/adapter-app.ts';
import { startSmtpSink } from '../mail/testing/smtp-sink.ts';
import { listPurchaseEvents } from '../purchases/events.ts';
import { setFolder } from '../purchases/queries.ts';

const LINK = 'https://replay.example/d/AbCdEfGhIjKlMnOpQrStUv';

describe('delivery: the purchase e-mail goes out exactly once, on a real loopback SMTP server', () => {
  let sink: Awaited<ReturnType<typeof startSmtpSink>>;
  let t: AdapterTestApp;

  async function setUp(failFirst = 0, answer?: (n: number) => { code: number; message: string } | undefined) {
    sink = await startSmtpSink({ failFirst, ...(answer ? { answer } : {}) });
    t = await makeAdapterTestApp({ smtpUrl: sink.url, smtpCa: sink.ca });
  }
  beforeEach(() => undefined);
  afterEach(async () => {
    await t.delivery.idle();
    await t.close();
    await sink.close();
  });

  const pay = (token: string) => t.call('simulatePayment', { params: { token: token, outcome: 'success' } }, { raw: true });
  // The kiosk saves the share link of the folder the server made for the purchase (create-folder
  // with its purchaseId: storage-routes.test.ts); here that folder is recorded directly.
  const saveLink = async (id: string, headers: Record<string, string>, zipUrl: string | null = LINK) => {
    if (zipUrl) await setFolder(t.db, id, { folderId: 'AbCdEfGhIjKlMnOpQrStUv', folderUrl: zipUrl }, new Date());
    return t.call('updateZipUrl', { params: { id }, body: { zipUrl, error: zipUrl === null } }, { headers, raw: true });
  };
  const emailState = (id: string) =>
    t.db.selectFrom('purchases').select(['emailStatus', 'emailError', 'emailSentAt']).where('id', '=', id).executeTakeFirstOrThrow();

  it('paid first, link second: one e-mail with the link, to the buyer; replays send nothing more', async () => {
    await setUp();
    const { purchase, token, device } = await seedPurchase(t, { email: 'Player@Example.com' });
    await pay(token);
    await t.delivery.idle();
    expect(sink.received).toHaveLength(0);
    expect((await saveLink(purchase.id, device.headers)).status).toBe(200);
    await t.delivery.idle();
    expect(sink.received).toHaveLength(1);
    const [mail] = sink.received;
    expect(mail!.to).toEqual(['player@example.com']);
    expect(mail!.subject).toBe('Your CourtReplay Is Ready!');
    expect(mail!.decoded).toContain(LINK);
    expect(mail!.decoded).toContain(purchase.id);
    expect(await emailState(purchase.id)).toMatchObject({ emailStatus: 'sent', emailError: null });

    for (let i = 0; i < 3; i++) await pay(token);
    await saveLink(purchase.id, device.headers);
    await t.delivery.purchaseChanged(purchase.id);
    await t.delivery.idle();
    expect(sink.received).toHaveLength(1);
  });

  it('link first, payment second: the e-mail waits for the payment', async () => {
    await setUp();
    const { purchase, token, device } = await seedPurchase(t);
    await saveLink(purchase.id, device.headers);
    await t.delivery.idle();
    expect(sink.received).toHaveLength(0);
    await pay(token);
    await t.delivery.idle();
    expect(sink.received).toHaveLength(1);
  });

  it('many callers at once still send one e-mail', async () => {
    await setUp();
    const { purchase, token, device } = await seedPurchase(t);
    await (t.payments as SimulatorProvider).simulate({ orderId: purchase.id, grossAmount: 3000, staging: false }, 'success', t.clock.now());
    await Promise.all([
      saveLink(purchase.id, device.headers),
      pay(token),
      pay(token),
      ...Array.from({ length: 10 }, () => t.delivery.purchaseChanged(purchase.id)),
    ]);
    await t.delivery.idle();
    expect(sink.received).toHaveLength(1);
  });

  it('a free purchase is delivered when its link is saved; no link (upload failed) sends nothing', async () => {
    await setUp();
    await t.seed.config('DEFAULT_PRICE', '0');
    const free = await seedPurchase(t, { totalAmount: 0 });
    const failed = await seedPurchase(t, { totalAmount: 0 });
    await saveLink(failed.purchase.id, failed.device.headers, null);
    await t.delivery.idle();
    expect(sink.received).toHaveLength(0);
    await saveLink(free.purchase.id, free.device.headers);
    await t.delivery.idle();
    expect(sink.received).toHaveLength(1);
  });

  it('retries a refused send (451) when it is due, with growing waits, and records the success', async () => {
    await setUp(2);
    const { purchase, token, device } = await seedPurchase(t);
    await pay(token);
    await saveLink(purchase.id, device.headers);
    await t.delivery.idle();
    expect(sink.received).toHaveLength(0);
    expect((await emailState(purchase.id)).emailStatus).toBeNull();
    t.clock.advance(60_000);
    await t.delivery.runDue();
    expect(sink.received).toHaveLength(0);
    t.clock.advance(60_000);
    await t.delivery.runDue();
    expect(sink.received).toHaveLength(0);
    t.clock.advance(4 * 60_000);
    await t.delivery.runDue();
    expect(sink.received).toHaveLength(1);
    expect(await emailState(purchase.id)).toMatchObject({ emailStatus: 'sent' });
  });

  it('a permanent refusal (550) fails at once with the reason; resend then sends it', async () => {
    await setUp(0, (n) => (n === 0 ? { code: 550, message: '5.1.1 No such mailbox' } : undefined));
    const { purchase, token, device } = await seedPurchase(t);
    await pay(token);
    await saveLink(purchase.id, device.headers);
    await t.delivery.idle();
    expect(sink.received).toHaveLength(0);
    const failed = await emailState(purchase.id);
    expect(failed.emailStatus).toBe('failed');
    expect(failed.emailError).toMatch(/550.*No such mailbox/);

    const admin = await t.seed.admin({ role: 'super_admin' });
    const res = await t.call('resendEmail', { params: { id: purchase.id } }, { headers: admin.headers, raw: true });
    expect(res.status).toBe(200);
    expect(await bodyOf(res)).toEqual({ message: 'Email resent successfully' });
    expect(sink.received).toHaveLength(1);
    expect(await emailState(purchase.id)).toMatchObject({ emailStatus: 'sent', emailError: null });
    // The timeline: the failure with its reason, then the admin's resend and its success.
    const events = await listPurchaseEvents(t.db, purchase.id);
    expect(events.map((e) => e.kind)).toEqual(['email_failed', 'resend', 'email_sent']);
    expect(events[0]!.detail).toMatchObject({ reason: expect.stringMatching(/550.*No such mailbox/) });
    expect(events[1]!.adminId).toBe(admin.id);
    expect(events[2]!.detail).toEqual({ to: 'player@example.com' });
  });

  it('resend sends again on request, and answers searchLocally while there is no link', async () => {
    await setUp();
    const admin = await t.seed.admin({ role: 'super_admin' });
    const { purchase, token, device } = await seedPurchase(t);
    await pay(token);
    const early = await bodyOf(t.call('resendEmail', { params: { id: purchase.id } }, { headers: admin.headers, raw: true }));
    expect(early).toMatchObject({ searchLocally: true, transaction: { id: purchase.id } });
    await saveLink(purchase.id, device.headers);
    await t.delivery.idle();
    await t.call('resendEmail', { params: { id: purchase.id } }, { headers: admin.headers, status: 200 });
    expect(sink.received).toHaveLength(2);
  });

  it('uses the stored e-mail copy, escaped', async () => {
    await setUp();
    await t.seed.config(
      'CMS_EMAIL_COPY',
      JSON.stringify({ EMAIL_SUBJECT: 'Video {productName} siap!', EMAIL_HEADING: 'Halo <b>pemain</b>' }),
    );
    const { purchase, token, device } = await seedPurchase(t);
    await pay(token);
    await saveLink(purchase.id, device.headers);
    await t.delivery.idle();
    expect(sink.received[0]!.subject).toBe('Video CourtReplay siap!');
    expect(sink.received[0]!.decoded).toContain('Halo &lt;b&gt;pemain&lt;/b&gt;');
  });

  it("speaks the kiosk's language at purchase, else the venue's; the main link is the purchase's phone page", async () => {
    await setUp();
    const { purchase, token, device, venue } = await seedPurchase(t);
    await t.db.updateTable('venues').set({ language: 'id' }).where('id', '=', venue.id).execute();
    await pay(token);
    await saveLink(purchase.id, device.headers);
    await t.delivery.idle();
    const { phoneToken } = await t.db.selectFrom('purchases').select('phoneToken').where('id', '=', purchase.id).executeTakeFirstOrThrow();
    const [mail] = sink.received;
    expect(mail!.subject).toBe('CourtReplay Anda Sudah Siap!');
    expect(mail!.decoded).toContain(`Tonton dan unduh klip Anda: ${t.config.publicUrl}/p/${phoneToken}`);
    expect(mail!.decoded).toContain('Klip Anda disimpan selama 14 hari');
    expect(mail!.decoded).toContain('- Rally 3');

    // The kiosk was switched to English for the next purchase: its e-mail is English.
    const next = await t.call(
      'createPurchase',
      { body: { email: 'two@example.com', videoIds: ['v7'], videoTitles: ['Rally 7'], totalAmount: 1000, language: 'en' } },
      { headers: device.headers, raw: true },
    );
    const { transaction, payment } = (await next.json()) as { transaction: { id: string }; payment: { token: string } };
    await pay(payment.token);
    await saveLink(transaction.id, device.headers);
    await t.delivery.idle();
    expect(sink.received[1]!.subject).toBe('Your CourtReplay Is Ready!');
    expect(sink.received[1]!.decoded).toContain('Your clips are kept for 14 days');
  });
});

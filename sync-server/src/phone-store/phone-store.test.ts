// The phone that marked a rally is its store, on the kiosk's money rules, over HTTP: which phone has
// which rally, previews for that phone only, the kiosk's prices and promo codes, one order per phone,
// payment (the simulator's redirect page) to playing, a clip still on its way when paid, and the
// venue offline at the tap. A test recorder plays the venue's, with real ffmpeg-made files. The
// books and erase are phone-books.test.ts's.
import { MESSAGES, quote, serializePromoTable } from '@courtreplay/shared';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { countRows } from '../testing/index.ts';
import type { MarkedClipFiles } from '../testing/marked-clip-files.ts';
import { useStore, type StoreWorld } from './test-support.ts';

const T = MESSAGES.store;
const PRICE = 15_000;
const TIERS = [{ QUANTITY: 2, PRICE: 12_000, ENABLED: true }];

const store = useStore(async (w) => {
  await w.seed.config('DEFAULT_PRICE', String(PRICE));
  await w.seed.config('PROMO_TABLE', serializePromoTable(TIERS));
});
const { later, markedAndSent, bodyOf, purchaseRow, tokenOf, payOnPage, pageState } = store;
let w: StoreWorld;
let files: MarkedClipFiles;
let code1: string;
let code2: string;
beforeEach(() => ({ w, files, code1, code2 } = store.now()));

describe('which phone has which rally', () => {
  it('gives a rally to every phone that tapped it, and shows each phone only its own rallies and previews', async () => {
    const a = w.phone('10.0.0.1');
    const b = w.phone('10.0.0.2');
    const c = w.phone('10.0.0.3');
    const rally = await a.mark(code1);
    w.clock.advance(5_000);
    expect(await b.mark(code1)).toBe(rally);
    const other = await c.mark(code2);
    expect((await a.rallies(code1)).rallies).toMatchObject([
      { id: rally, state: 'cutting', line: T.cutting, payable: false, preview: null },
    ]);

    await w.recorder.deliver(rally, files);
    await w.recorder.deliver(other, files);
    for (const phone of [a, b]) {
      const { rallies } = await phone.rallies(code1);
      expect(rallies).toEqual([
        {
          id: rally,
          title: 'Court 1, 19:42',
          length: '4 s',
          state: 'ready',
          line: T.ready,
          preview: `/c/${code1}/rallies/${rally}/preview`,
          bought: null,
          payable: true,
        },
      ]);
    }
    // Every rally of the venue today, from any of its courts' pages.
    expect((await c.rallies(code1)).rallies.map((r) => r.id)).toEqual([other]);

    const preview = `/c/${code1}/rallies/${rally}/preview`;
    const played = await a.send(preview);
    expect(played.status).toBe(200);
    expect(played.headers.get('Content-Type')).toBe('video/mp4');
    expect(Buffer.from(await played.arrayBuffer()).equals(files.preview)).toBe(true);
    expect((await a.send(preview, { headers: { Range: 'bytes=0-99' } })).status).toBe(206);
    // Another phone, or one without its cookie, finds nothing there.
    expect((await c.send(preview)).status).toBe(404);
    expect((await fetch(`${w.base}${preview}`)).status).toBe(404);

    const page = await (await a.open(code1)).text();
    expect(page).toContain(T.myRallies);
    expect(page).toContain('<script src="/c/store.js" defer>');
    expect(page).toContain(`"id":${rally}`);
    expect(page).not.toContain(`"id":${other}`);
  });

  it('refuses a rally that is not the phone’s own, a phone without its cookie and an unknown poster', async () => {
    const a = w.phone('10.0.0.1');
    const mine = await markedAndSent(a, code1);
    const theirs = await markedAndSent(w.phone('10.0.0.2'), code2);
    expect(await bodyOf(await a.buy(code1, { rallies: [mine, theirs] }))).toEqual({ status: 400, body: { message: T.notYours } });
    const cookieless = await fetch(`${w.base}/c/${code1}/buy`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ rallies: [mine] }),
    });
    expect(await bodyOf(cookieless)).toEqual({ status: 400, body: { message: T.noCookies } });
    expect((await a.buy('A'.repeat(22), { rallies: [mine] })).status).toBe(404);
    expect(await countRows(w.db, 'purchases')).toBe(0);
  });
});

describe('the kiosk’s money rules on the phone', () => {
  it('prices rallies as the kiosk does, takes a promo code as the kiosk does, and books a sale on a phone at that court', async () => {
    const a = w.phone();
    const first = await markedAndSent(a, code1);
    await later(21_000);
    const second = await markedAndSent(a, code2);
    const { prices } = await a.rallies(code1);
    const kiosk = (count: number) => quote({ defaultPrice: PRICE, promoTable: TIERS, gatewayEnabled: true, count }).total;
    expect(prices.totals.map((t) => t.amount)).toEqual([1, 2, 3, 4, 5, 6].map(kiosk));
    expect(prices.totals[1]).toEqual({ count: 2, amount: 24_000, text: 'Rp 24.000', pay: 'Pay Rp 24.000' });

    // A total the page did not show (the prices changed meanwhile) is refused, and nothing is stored.
    expect(await bodyOf(await a.buy(code1, { rallies: [first, second], totalAmount: 30_000 }))).toEqual({
      status: 400,
      body: { message: T.totalChanged },
    });
    expect(await countRows(w.db, 'purchases')).toBe(0);

    await w.seed.promo({ code: 'HEMAT', amount: 4_000, venueId: w.venue.id, quota: 1 });
    await w.seed.promo({ code: 'KEMANG', amount: 4_000, venueId: w.elsewhere.id });
    expect(await bodyOf(await a.quote(code1, { count: 2, promoCode: 'hemat' }))).toEqual({
      status: 200,
      body: { count: 2, amount: 20_000, text: 'Rp 20.000', pay: 'Pay Rp 20.000', promo: 'HEMAT: Rp 4.000 off' },
    });
    expect(await bodyOf(await a.quote(code1, { count: 2, promoCode: 'KEMANG' }))).toEqual({
      status: 400,
      body: { message: MESSAGES.promo.requestFailed },
    });

    const bought = await bodyOf(await a.buy(code2, { rallies: [first, second], totalAmount: 20_000, promoCode: 'HEMAT' }));
    expect(bought).toMatchObject({ status: 200, body: { reused: false } });
    const row = await purchaseRow(bought.body.purchaseId as string);
    expect(row).toMatchObject({
      channel: 'phone',
      deviceId: '',
      venueId: w.venue.id,
      // Sold at the court whose poster it was bought from; the clips are each of their own court.
      fieldId: w.court2.id,
      videoCourts: JSON.stringify([w.court1.id, w.court2.id]),
      videoIds: JSON.stringify([`mark-${first}`, `mark-${second}`]),
      subtotal: 24_000,
      discount: 4_000,
      totalAmount: 20_000,
      promoCode: 'HEMAT',
      paymentStatus: 'pending',
      isStaging: 0,
    });
    const shares = await w.db
      .selectFrom('purchase_courts')
      .select(['fieldId', 'amount'])
      .where('purchaseId', '=', row.id)
      .orderBy('fieldId')
      .execute();
    expect(shares).toEqual([
      { fieldId: w.court1.id, amount: 10_000 },
      { fieldId: w.court2.id, amount: 10_000 },
    ]);
    // The promo's one use is held by this order, as at the kiosk.
    expect(await bodyOf(await w.phone('10.0.0.9').quote(code1, { count: 1, promoCode: 'HEMAT' }))).toMatchObject({ status: 400 });
  });

  it('opens one order per phone: a second Pay answers it, other rallies end it first, and an ended order is never paid', async () => {
    const a = w.phone();
    const first = await markedAndSent(a, code1);
    await later(21_000);
    const second = await markedAndSent(a, code1);

    const taps = await Promise.all([a.buy(code1, { rallies: [first] }), a.buy(code1, { rallies: [first] })]);
    const answers = await Promise.all(taps.map(bodyOf));
    expect(answers.every((x) => x.status === 200 || (x.status === 409 && x.body.message === T.preparing))).toBe(true);
    expect(await countRows(w.db, 'purchases')).toBe(1);
    const order = (await w.db.selectFrom('purchases').select('id').executeTakeFirstOrThrow()).id;
    // The back button, a reopened tab: the same order and the same payment page.
    const again = await bodyOf(await a.buy(code1, { rallies: [first] }));
    expect(again.body).toMatchObject({ purchaseId: order, reused: true });
    expect((await a.rallies(code1)).order).toMatchObject({ rallies: [first], payUrl: again.body.next });

    // Other rallies: the open order is ended at the provider first, and can no longer be paid.
    const both = await bodyOf(await a.buy(code1, { rallies: [first, second] }));
    expect(both.body.purchaseId).not.toBe(order);
    expect((await purchaseRow(order)).paymentStatus).toBe('expired');
    const late = await fetch(`${w.base}/api/payment/simulator/${await tokenOf(order)}/success`, { method: 'POST' });
    expect(late.status).toBe(409);
    expect(await countRows(w.db, 'purchases')).toBe(2);

    expect(await bodyOf(await a.cancel(code1))).toEqual({ status: 200, body: { message: T.cancelled } });
    expect((await purchaseRow(both.body.purchaseId as string)).paymentStatus).toBe('expired');
    expect((await a.rallies(code1)).order).toBeNull();
  });
});

describe('nothing to pay', () => {
  it('gives the rallies at once when the venue’s price is 0, with no payment page', async () => {
    await w.seed.config('DEFAULT_PRICE', '0');
    const a = w.phone();
    const rally = await markedAndSent(a, code1);
    expect((await a.rallies(code1)).prices.totals[0]).toEqual({ count: 1, amount: 0, text: 'Rp 0', pay: T.getFree });
    const got = await bodyOf(await a.buy(code1, { rallies: [rally], totalAmount: 0 }));
    const row = await purchaseRow(got.body.purchaseId as string);
    expect(row).toMatchObject({ paymentStatus: 'free', paymentUrl: null });
    expect(got.body.next).toBe(`${w.base}/p/${row.phoneToken}`);
    expect((await pageState(got.body.next as string)).status).toBe('ready');
  });
});

describe('paid means playing', () => {
  it('plays the clips once paid, and a payment that lands after the phone was closed shows on its next visit', async () => {
    const a = w.phone();
    const first = await markedAndSent(a, code1);
    await later(21_000);
    const second = await markedAndSent(a, code2);
    const bought = await bodyOf(await a.buy(code1, { rallies: [first, second], totalAmount: 24_000 }));
    const back = await payOnPage(a, bought.body.next as string);
    const token = (await purchaseRow(bought.body.purchaseId as string)).phoneToken!;
    expect(back).toMatch(new RegExp(`/p/${token}\\?order_id=CR-[^&]+&status_code=200&transaction_status=settlement$`));
    const state = await pageState(back);
    expect(state.status).toBe('ready');
    expect(state.clips.map((c) => c.n)).toEqual([1, 2]);
    const clip = await fetch(`${w.base}${state.clips[0]!.url}`);
    expect(Buffer.from(await clip.arrayBuffer()).equals(files.clip)).toBe(true);
    expect((await a.rallies(code1)).rallies.map((r) => r.bought)).toEqual([`/p/${token}`, `/p/${token}`]);

    // No contact was needed: the page is the delivery. One may be added once for a copy and the receipt.
    const contact = (body: unknown) =>
      fetch(`${w.base}/p/${token}/contact`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify(body),
      });
    expect(await bodyOf(await contact({ email: 'Player@Example.com' }))).toEqual({ status: 200, body: { message: T.copySent } });
    await w.delivery.idle();
    const mails = readdirSync(join(w.config.dataDir, 'outbox')).filter((f) => f.endsWith('.eml'));
    expect(mails).toHaveLength(1);
    expect(readFileSync(join(w.config.dataDir, 'outbox', mails[0]!), 'utf8')).toContain(`/p/${token}`);
    expect(await bodyOf(await contact({ email: 'another@example.com' }))).toEqual({ status: 409, body: { message: T.copyAlready } });
    expect((await contact({})).status).toBe(400);

    // Another rally bought, the phone closed, the payment settled later (the provider's notification alone).
    await later(21_000);
    const third = await markedAndSent(a, code1);
    const pending = await bodyOf(await a.buy(code1, { rallies: [third] }));
    const settled = await fetch(`${w.base}/api/payment/simulator/${await tokenOf(pending.body.purchaseId as string)}/success`, {
      method: 'POST',
    });
    expect(settled.status).toBe(200);
    await w.delivery.idle();
    const visit = await a.rallies(code1);
    expect(visit.rallies.find((r) => r.id === third)).toMatchObject({ line: T.bought, payable: false });
    expect(visit.order).toBeNull();
  });

  it('takes payment for a clip still on its way, says so on the phone page, and plays it once it is there', async () => {
    const a = w.phone();
    const markId = await a.mark(code1);
    await w.recorder.report(markId, { state: 'cutting' });
    await w.recorder.send(markId, 'preview', files.preview);
    expect(await w.recorder.send(markId, 'clip', files.clip, { breakAfterBytes: 256 * 1024 })).toBe('broken');
    await w.recorder.report(markId, {
      state: 'uploading',
      bytesSent: 256 * 1024 + files.preview.length,
      bytesTotal: files.clip.length + files.preview.length,
    });
    const rally = (await a.rallies(code1)).rallies[0]!;
    expect(rally).toMatchObject({ state: 'uploading', payable: true });
    expect(rally.line).toMatch(/^Sending your clip: .* of .*$/);

    const bought = await bodyOf(await a.buy(code1, { rallies: [markId] }));
    const back = await payOnPage(a, bought.body.next as string);
    const waiting = await pageState(back);
    expect(waiting.status).toBe('uploading');
    expect(waiting.progress).toContain('Clip 1 is still on its way from the venue');

    expect(await w.recorder.send(markId, 'clip', files.clip)).toBe('sent');
    await w.delivery.idle();
    const playing = await pageState(back);
    expect(playing.status).toBe('ready');
    expect(playing.clips).toHaveLength(1);
  });
});

describe('the venue offline', () => {
  it('saves the rally, takes no money until it is on the server, and tells the player once it is ready', async () => {
    w.clock.advance(31_000);
    const a = w.phone();
    const markId = await a.mark(code1);
    const state = await a.rallies(code1);
    expect(state.venueOnline).toBe(false);
    expect(state.rallies).toMatchObject([{ id: markId, state: 'offline', line: T.offline, payable: false }]);
    expect(await bodyOf(await a.buy(code1, { rallies: [markId] }))).toEqual({ status: 409, body: { message: T.offline } });
    expect(await countRows(w.db, 'purchases')).toBe(0);
    expect(await bodyOf(await a.notify(code1, { email: 'Player@Example.com', language: 'en' }))).toEqual({
      status: 200,
      body: { message: T.notifySaved },
    });

    // The venue is back: the recorder catches up with the mark.
    await w.heartbeat();
    await w.recorder.deliver(markId, files);
    const outbox = join(w.config.dataDir, 'outbox');
    const sent = () => readdirSync(outbox).filter((f) => f.endsWith('.eml'));
    await vi.waitFor(() => expect(sent()).toHaveLength(1), { timeout: 60_000 });
    const mail = readFileSync(join(outbox, sent()[0]!), 'utf8');
    expect(mail).toContain('To: player@example.com');
    expect(mail).toContain(T.readyNoticeSubject);
    // Sent once; the address is not kept afterwards.
    expect(await w.db.selectFrom('mark_notices').select(['email', 'phone']).execute()).toEqual([{ email: null, phone: null }]);
    expect((await a.rallies(code1)).rallies[0]).toMatchObject({ state: 'ready', payable: true });
  });
});

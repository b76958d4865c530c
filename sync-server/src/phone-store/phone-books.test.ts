// A phone sale in the books, over HTTP: listed, reported and timed as a sale at its court, the
// sentinel's when a paid clip never reaches storage, erased with the marks' uploads, and an unsold
// rally's clip removed a day after its mark. A test recorder plays the venue's, with ffmpeg-made files.
import { MESSAGES } from '@courtreplay/shared';
import { beforeEach, describe, expect, it } from 'vitest';
import { expireOldClips } from '../purchases/retention.ts';
import { countRows } from '../testing/index.ts';
import type { MarkedClipFiles } from '../testing/marked-clip-files.ts';
import { useStore, type StoreWorld } from './test-support.ts';

const PRICE = 15_000;
const store = useStore(async (w) => {
  await w.seed.config('DEFAULT_PRICE', String(PRICE));
});
const { later, markedAndSent, bodyOf, purchaseRow, payOnPage, pageState } = store;
let w: StoreWorld;
let files: MarkedClipFiles;
let code1: string;
let code2: string;
beforeEach(() => ({ w, files, code1, code2 } = store.now()));

describe('erase and upkeep', () => {
  it('erases the clip, its preview and the upload of a phone purchase, and removes an unsold rally’s clip a day after its mark', async () => {
    const a = w.phone();
    const sold = await markedAndSent(a, code1);
    await later(21_000);
    const unsold = await markedAndSent(a, code1);
    const bought = await bodyOf(await a.buy(code1, { rallies: [sold] }));
    const back = await payOnPage(a, bought.body.next as string);
    const purchase = await purchaseRow(bought.body.purchaseId as string);
    const folderOf = async (markId: number) =>
      (await w.db.selectFrom('mark_clips').select('folderId').where('markId', '=', markId).executeTakeFirstOrThrow()).folderId!;
    const markFolder = await folderOf(sold);
    expect((await w.storage.listFiles(purchase.folderId!)).map((f) => f.name)).toEqual(['Court-1-1942.mp4']);
    expect(await w.storage.listFiles(markFolder)).toHaveLength(2);

    await w.call('erasePurchase', { params: { id: purchase.id } }, { headers: w.superAdmin.headers, status: 200 });
    expect(await w.storage.listFiles(purchase.folderId!)).toEqual([]);
    expect(await w.storage.listFiles(markFolder)).toEqual([]);
    expect((await pageState(back)).status).toBe('erased');
    expect((await a.rallies(code1)).rallies.find((r) => r.id === sold)).toMatchObject({ state: 'removed', bought: null, payable: false });
    expect((await a.send(`/c/${code1}/rallies/${sold}/preview`)).status).toBe(404);

    // A day after its mark the unsold clip goes; a rally still in an open order would stay.
    const unsoldFolder = await folderOf(unsold);
    w.clock.advance(24 * 3600_000 + 1);
    await expireOldClips(w.deps);
    expect(await w.storage.listFiles(unsoldFolder)).toEqual([]);
    expect(await countRows(w.db, 'mark_clips')).toBe(0);
    expect(await countRows(w.db, 'mark_files')).toBe(0);
  });
});

describe('one set of books', () => {
  it('lists, reports and times a phone sale as a sale at that court, and lists a paid one whose clip never reached storage', async () => {
    const a = w.phone();
    const sent = await markedAndSent(a, code1);
    const bought = await bodyOf(await a.buy(code2, { rallies: [sent] }));
    await payOnPage(a, bought.body.next as string);
    const admin = { headers: w.superAdmin.headers };
    // Found under the court its clip was filmed on, sold on a phone at the court whose poster it came from.
    const { transactions } = await w.call('listPurchases', { query: { fieldId: w.court1.id } }, admin);
    expect(transactions).toMatchObject([
      { id: bought.body.purchaseId, channel: 'phone', fieldName: 'Court 2', courts: [{ fieldName: 'Court 1' }], paymentStatus: 'paid' },
    ]);
    const report = await w.call('salesReport', { query: { venueId: w.venue.id } }, admin);
    expect(report).toMatchObject({ revenue: PRICE, purchases: 1 });
    expect(report.byCourt).toContainEqual(expect.objectContaining({ fieldId: w.court1.id, revenue: PRICE }));
    const { events } = await w.call('purchaseTimeline', { params: { id: bought.body.purchaseId as string } }, admin);
    expect(events[0]).toMatchObject({ kind: 'created', onPhone: true, amount: PRICE });

    // Paid while its clip was on its way, which then never came: after 10 minutes it is the Errors tab's.
    await later(21_000);
    const stuck = await a.mark(code1);
    await w.recorder.send(stuck, 'preview', files.preview);
    await w.recorder.send(stuck, 'clip', files.clip, { breakAfterBytes: 256 * 1024 });
    await w.recorder.report(stuck, { state: 'uploading', bytesSent: 1, bytesTotal: files.clip.length + files.preview.length });
    const waiting = await bodyOf(await a.buy(code1, { rallies: [stuck] }));
    await payOnPage(a, waiting.body.next as string);
    await later(10 * 60_000 + 1);
    const { entries } = await w.call('listErrors', { query: {} }, admin);
    expect(entries.filter((e) => e.kind === 'undelivered').map((e) => e.transactionId)).toEqual([waiting.body.purchaseId]);
    const resend = await w.json(
      'POST',
      `/api/transaction/${waiting.body.purchaseId as string}/resend-email`,
      undefined,
      w.superAdmin.headers,
    );
    expect(await bodyOf(resend)).toEqual({ status: 409, body: { message: MESSAGES.transactions.phoneClipsMissing } });
    // The recorder sends the rest: delivered, and the entry resolves itself.
    await w.recorder.send(stuck, 'clip', files.clip);
    await w.delivery.idle();
    expect((await w.call('listErrors', { query: {} }, admin)).entries.filter((e) => e.kind === 'undelivered' && !e.resolvedAt)).toEqual([]);
  });
});

// Finding your rally on the built PWA and the real server: a kiosk folder with a subfolder
// per court, the court chips and a purchase credited to the clip's court, a clip landing while the
// grid is open, and a moment marked from a phone's /c/{courtCode} page listed under Marked moments.
import { beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { MESSAGES, videoTitleFromFileName } from '@courtreplay/shared';
import { addToFolder, feedFolder, installFolderPicker, makeClip, newKioskContext, type FolderFile, useRig } from './support/index.ts';
import { useDeviceId } from './support/kiosk-setup.ts';
import { KioskSelectionPage } from './pages/kiosk-selection-page.ts';
import { KioskCheckoutPage } from './pages/kiosk-checkout-page.ts';
import { KioskRallyFinder } from './pages/kiosk-rally-finder.ts';

const T = MESSAGES.courts;

const { server, browser, seed } = useRig({ kiosk: { pricing: { price: 10_000, gateway: true } } });
let court2: number;

beforeAll(async () => {
  court2 = (await seed.admin.call('createField', { body: { venueId: seed.venueId, name: 'Court 2' } })).field.id;
});

const clip = (name: string): FolderFile => ({ name, path: makeClip({ format: 'mp4' }) });
const title = (path: string) => videoTitleFromFileName(path.split('/').pop()!);

async function kiosk(options: { clock?: boolean } = {}): Promise<{ context: BrowserContext; page: Page; selection: KioskSelectionPage }> {
  const context = await newKioskContext(browser, server.url);
  await useDeviceId(context, seed.deviceId);
  await installFolderPicker(context);
  const page = await context.newPage();
  if (options.clock) await page.clock.install();
  await page.goto('/box');
  return { context, page, selection: new KioskSelectionPage(page) };
}

describe('clips by court', () => {
  it('shows a chip per court of the folder, own court first and chosen; a Court 2 clip bought at Court 1 is credited to Court 2', async () => {
    const { context, page, selection } = await kiosk();
    const finder = new KioskRallyFinder(page);
    const files = [
      clip('warm_up.mp4'),
      clip('Court 1/serve.mp4'),
      clip('court-2/smash.mp4'),
      clip('Court 2/lob.mp4'),
      clip('Practice/drill.mp4'),
    ];
    await feedFolder(page, files);
    await page.goto('/box/video-selection');
    await selection.open();
    await finder.courtChips().waitFor();
    expect(await finder.chips()).toEqual({ names: ['Court 1', 'Court 2', 'Practice', T.all], pressed: ['Court 1'] });
    expect((await finder.gridTitles()).sort()).toEqual([title('serve.mp4'), title('warm_up.mp4')].sort());

    await finder.courtChip('Court 2').click();
    expect((await finder.gridTitles()).sort()).toEqual([title('lob.mp4'), title('smash.mp4')].sort());
    await finder.courtChip(T.all).click();
    expect(await finder.gridTitles()).toHaveLength(5);
    await finder.courtChip('Court 2').click();

    // The choice survives going to checkout and back.
    await selection.select(title('smash.mp4'));
    await selection.checkoutButton().click();
    const checkout = new KioskCheckoutPage(page);
    await checkout.title().waitFor();
    await checkout.back().click();
    await finder.courtChips().waitFor();
    expect((await finder.chips()).pressed).toEqual(['Court 2']);
    expect((await finder.gridTitles()).sort()).toEqual([title('lob.mp4'), title('smash.mp4')].sort());

    await selection.checkoutButton().click();
    await checkout.email().fill('player@example.com');
    const created = page.waitForRequest((r) => new URL(r.url()).pathname === '/api/transaction' && r.method() === 'POST');
    await checkout.payNow().click();
    expect((await created).postDataJSON()).toMatchObject({ videoCourts: [court2] });
    await checkout.simulator('Simulate success').click();
    await checkout.completed().waitFor();
    const report = await seed.admin.call('salesReport', { query: { venueId: String(seed.venueId) } });
    expect(report.byCourt).toEqual([{ fieldId: court2, fieldName: 'Court 2', revenue: 10_000, purchases: 1 }]);

    // The next player starts on the kiosk's own court again.
    await checkout.done().click();
    await page.waitForURL('**/box');
    await page.goto('/box/video-selection');
    await selection.open();
    await finder.courtChips().waitFor();
    expect((await finder.chips()).pressed).toEqual(['Court 1']);
    await context.close();
  });
});

describe('new clips', () => {
  it('shows a clip written into the folder while the grid is open within 10 s, marked New, on the same page', async () => {
    const { context, page, selection } = await kiosk({ clock: true });
    const finder = new KioskRallyFinder(page);
    await feedFolder(page, [clip('first.mp4')]);
    await page.goto('/box/video-selection');
    await selection.browseButton().click();
    await selection.loadingScreen().waitFor();
    await page.clock.runFor(3_500);
    await selection.waitForGrid();
    await selection.select(title('first.mp4'));
    expect(await finder.newBadges().count()).toBe(0);

    await addToFolder(page, [clip('just_landed.mp4')]);
    await page.clock.runFor(10_000);
    const landed = selection.card(title('just_landed.mp4'));
    await landed.getByTestId('video-new').waitFor();
    expect(await finder.gridTitles()).toEqual([title('just_landed.mp4'), title('first.mp4')]);
    // Nothing else moved: the cart, the screen, no loading screen.
    expect(await page.locator('.video-card.is-selected').count()).toBe(1);
    expect(await selection.loadingScreen().count()).toBe(0);
    await context.close();
  });
});

describe('marked moments', () => {
  it('a mark made on the court’s /c page lists the covering clip under Marked moments at the kiosk', async () => {
    const courts = await seed.admin.call('listFields', { params: { venueId: seed.venueId } });
    const markUrl = courts.find((c) => c.id === seed.fieldId)!.markUrl;
    expect(markUrl).toMatch(/\/c\/[A-Za-z0-9_-]{22}$/);

    const phone = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const phonePage = await phone.newPage();
    await phonePage.goto(`${server.url}${new URL(markUrl!).pathname}`);
    await phonePage.getByRole('button', { name: MESSAGES.mark.button }).click();
    const answer = await phonePage.getByTestId('mark-answer').textContent();
    expect(answer).toMatch(/^Marked \d\d:\d\d on Court 1: find it at the kiosk under Marked moments$/);
    await phone.close();

    const { context, page, selection } = await kiosk();
    const finder = new KioskRallyFinder(page);
    // The rally the mark was for, filed by the camera moments after the tap.
    await feedFolder(page, [clip('marked_rally.mp4')]);
    await page.goto('/box/video-selection');
    await selection.open();
    await finder.markedMoments().getByText(title('marked_rally.mp4'), { exact: true }).waitFor();
    await page.getByRole('heading', { name: T.markedMoments }).waitFor();
    await context.close();
  });

  it("lists every court's marks, each labelled with its court, whichever court chip is chosen", async () => {
    const courts = await seed.admin.call('listFields', { params: { venueId: seed.venueId } });
    // Two players' phones (one phone may mark once every 20 s), one at each court.
    for (const [court, name] of [
      [seed.fieldId, 'Court 1'],
      [court2, 'Court 2'],
    ] as const) {
      const phone = await browser.newContext({ viewport: { width: 390, height: 844 } });
      const phonePage = await phone.newPage();
      await phonePage.goto(`${server.url}${new URL(courts.find((c) => c.id === court)!.markUrl!).pathname}`);
      await phonePage.getByRole('button', { name: MESSAGES.mark.button }).click();
      expect(await phonePage.getByTestId('mark-answer').textContent()).toContain(`on ${name}:`);
      await phone.close();
    }

    const { context, page, selection } = await kiosk();
    const finder = new KioskRallyFinder(page);
    await feedFolder(page, [clip('Court 1/own_marked.mp4'), clip('Court 2/other_marked.mp4')]);
    await page.goto('/box/video-selection');
    await selection.open();
    await finder.courtChips().waitFor();
    for (const chip of ['Court 1', 'Court 2', T.all]) {
      await finder.courtChip(chip).click();
      await expect
        .poll(async () => (await finder.markedCards()).sort(), { timeout: 10_000 })
        .toEqual(
          [
            [title('own_marked.mp4'), 'Court 1'],
            [title('other_marked.mp4'), 'Court 2'],
          ].sort(),
        );
    }
    await context.close();
  });
});

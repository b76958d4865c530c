// The whole kiosk purchase against the built PWA and the real server with its payment simulator,
// local storage and .eml outbox: promo, every payment outcome, the free staging path, validation
// messages and the payment result pages.
import { beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { MESSAGES, PURCHASE_MESSAGES } from '@courtreplay/shared';
import { feedFolder, installFolderPicker, makeClip, newKioskContext, useRig } from './support/index.ts';
import { setPricing, useDeviceId } from './support/kiosk-setup.ts';
import { skipLoadingScreens } from './support/loading-screen.ts';
import { KioskCheckoutPage } from './pages/kiosk-checkout-page.ts';
import { KioskSelectionPage } from './pages/kiosk-selection-page.ts';

const C = MESSAGES.checkout;
const { server, browser, seed } = useRig({
  kiosk: { pricing: { price: 15_000, gateway: true, tiers: [{ QUANTITY: 2, PRICE: 12_000, ENABLED: true }] }, staging: true },
});

beforeAll(async () => {
  // A test device: some purchases below go through /staging.
  await seed.admin.call('createPromo', { body: { name: 'Weekend', code: 'WEEKEND', quota: 0, amount: 5_000, percent: 0 } });
});

async function waitFor<T>(read: () => T, ok: (v: T) => boolean, ms = 20_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const v = read();
    if (ok(v) || Date.now() > deadline) return v;
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** The Snap token the simulator's panel reads its order with (GET /api/payment/simulator/{token}), to pay later as a bank would. */
async function snapTokenOf(page: Page): Promise<string> {
  const order = await page.waitForRequest((r) => {
    const path = new URL(r.url()).pathname;
    return r.method() === 'GET' && /^\/api\/payment\/simulator\/[^/]+$/.test(path) && !path.endsWith('.js');
  });
  return decodeURIComponent(new URL(order.url()).pathname.split('/').pop()!);
}

/**
 * A kiosk with three clips (or `clips` of them) in its folder, on the checkout screen with `count`
 * of them selected. Its clock is installed (running) and moved past the loading screen.
 */
async function toCheckout(
  count: number,
  base = '/box',
  options: { clips?: number; viewport?: { width: number; height: number } } = {},
): Promise<{ context: BrowserContext; page: Page; checkout: KioskCheckoutPage }> {
  const context = await newKioskContext(browser, server.url, options.viewport ? { viewport: options.viewport } : {});
  await useDeviceId(context, seed.deviceId);
  await installFolderPicker(context);
  await skipLoadingScreens(context);
  const page = await context.newPage();
  await page.goto(base);
  const three = [
    { name: 'smash_1.mp4', path: makeClip({ format: 'mp4' }) },
    { name: 'rally-2.webm', path: makeClip({ format: 'webm' }) },
    { name: 'ace 3.mov', path: makeClip({ format: 'mov' }) },
  ];
  const more = Array.from({ length: Math.max(0, (options.clips ?? 3) - 3) }, (_, i) => ({
    name: `extra_${i + 4}.mp4`,
    path: makeClip({ format: 'mp4' }),
  }));
  await feedFolder(page, [...three, ...more]);
  await page.goto(`${base}/video-selection`);
  const selection = new KioskSelectionPage(page, base);
  await selection.open();
  for (let i = 0; i < count; i++) await selection.selectNth(i);
  await selection.checkoutButton().click();
  const checkout = new KioskCheckoutPage(page);
  await checkout.title().waitFor();
  return { context, page, checkout };
}

describe('kiosk purchase', () => {
  it('buys two clips with a promo through the payment simulator: clips stored, one e-mail sent', async () => {
    const { context, page, checkout } = await toCheckout(2);
    expect(await checkout.lines().count()).toBe(2);
    // Two clips hit the 2-clip tier: 2 x 12.000.
    expect(await checkout.subtotal().textContent()).toBe('Rp 24.000');
    await checkout.applyPromo('weekend');
    await checkout.page.getByTestId('promo-applied').waitFor();
    expect(await checkout.discount().textContent()).toBe('- Rp 5.000');
    expect(await checkout.total().textContent()).toBe('Rp 19.000');
    await checkout.button(MESSAGES.promo.reapply).waitFor();

    await checkout.email().fill('player@example.com');
    // The countdown as it reads the moment the QR code appears, recorded in the page: what a player
    // is left to scan, however long this test then takes to look.
    await page.evaluate(() => {
      const w = window as unknown as { countdownWhenQrShown?: string };
      const watch = new MutationObserver(() => {
        if (!document.querySelector('[data-testid="phone-qr"]')) return;
        w.countdownWhenQrShown = document.querySelector('[data-testid="countdown"]')?.textContent ?? '';
        watch.disconnect();
      });
      watch.observe(document, { subtree: true, childList: true, characterData: true });
    });
    await checkout.payNow().click();
    await checkout.paymentPanel().waitFor();
    expect(await checkout.page.getByTestId('payment-embed').evaluate((el) => el.getBoundingClientRect().height)).toBe(700);
    await checkout.simulator('Simulate success').click();
    await checkout.completed().waitFor();
    expect(await checkout.outcome().textContent()).toBe(C.paymentSuccess);
    await expect(page.getByText(C.checkSpam).isVisible()).resolves.toBe(true);
    // The QR code is the purchase's own phone page, and the screen waits long enough to scan it.
    const scanned = await checkout.scanPhoneQr();
    expect(scanned).toMatch(new RegExp(`^${server.url}/p/[A-Za-z0-9_-]{22}$`));
    expect(scanned).toBe(await checkout.phoneQr().getAttribute('data-url'));
    const shownWith = await page.evaluate(() => (window as unknown as { countdownWhenQrShown?: string }).countdownWhenQrShown ?? '');
    expect(Number(/\d+/.exec(shownWith)?.[0])).toBeGreaterThanOrEqual(29);
    await page.getByTestId('progress-label').getByText(C.progress.completed, { exact: true }).waitFor({ timeout: 20_000 });

    const clipsStored = () => server.storedFiles().filter((f) => /\.(mp4|webm|mov)$/.test(f));
    const stored = await waitFor(clipsStored, (f) => f.length === 2);
    // Newest first: the two clips written last, under their sanitised upload names.
    expect(stored.map((f) => f.split('/').pop()).sort()).toEqual(['ace-3.mov', 'rally-2.webm']);
    const mails = await waitFor(
      () => server.outbox(),
      (m) => m.length === 1,
    );
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain('player@example.com');

    const { transactions } = await seed.admin.call('listPurchases', {});
    expect(transactions[0]).toMatchObject({ totalAmount: 19_000, paymentStatus: 'paid', promoCode: 'WEEKEND' });
    expect(transactions[0]!.zipUrl).toMatch(/\/d\//);
    // The scanned page is this purchase's: it serves the two clips.
    const state = (await (await fetch(`${scanned}/state`)).json()) as { status: string; clips: unknown[] };
    expect(state).toMatchObject({ status: 'ready' });
    expect(state.clips).toHaveLength(2);
    await context.close();
  });

  it('a mistyped domain gets a one-tap suggestion; the address is shown large before Pay Now and repeated when done', async () => {
    const { context, page, checkout } = await toCheckout(1);
    await checkout.email().fill('rally.fan@gmial.com');
    const suggestion = page.getByTestId('email-suggestion');
    expect(await suggestion.textContent()).toBe(C.didYouMean('rally.fan@gmail.com'));
    expect(await page.getByTestId('email-confirm').textContent()).toBe(`${C.sendingTo}rally.fan@gmial.com`);
    await suggestion.click();
    expect(await checkout.email().inputValue()).toBe('rally.fan@gmail.com');
    expect(await suggestion.count()).toBe(0);
    expect(await page.locator('.email-confirm-address').textContent()).toBe('rally.fan@gmail.com');
    // An Indonesian address that is right is left alone.
    await checkout.email().fill('rally.fan@yahoo.co.id');
    expect(await suggestion.count()).toBe(0);
    await checkout.email().fill('rally.fan@gmail.com');

    await checkout.payNow().click();
    await checkout.simulator('Simulate success').click();
    await checkout.completed().waitFor();
    expect(await page.getByTestId('sent-to').textContent()).toBe(C.alsoSentTo('rally.fan@gmail.com'));
    const { transactions } = await seed.admin.call('listPurchases', { query: { email: 'rally.fan@' } });
    expect(transactions.map((t) => t.email)).toEqual(['rally.fan@gmail.com']);
    await context.close();
  });

  it('a pending payment waits in amber without a QR code, then turns into the completed screen when the payment lands', async () => {
    const clipsStored = () => server.storedFiles().filter((f) => /\.(mp4|webm|mov)$/.test(f)).length;
    const before = clipsStored();
    const { context, page, checkout } = await toCheckout(1);
    await checkout.email().fill('pending@example.com');
    const snapToken = snapTokenOf(page);
    await checkout.payNow().click();
    await checkout.simulator('Simulate pending').click();
    await checkout.waiting().waitFor();
    expect(await checkout.waiting().getByRole('heading').textContent()).toBe(C.waitingForPayment);
    expect(await checkout.outcome().textContent()).toBe(C.paymentPending);
    // Nothing is sent before the payment lands: no address it went to, no spam hint.
    expect(await page.getByTestId('sent-to').count()).toBe(0);
    expect(await page.getByText(C.checkSpam).count()).toBe(0);
    // Not paid yet: no green tick, no QR code to clips that are not the player's.
    expect(await checkout.completed().count()).toBe(0);
    expect(await checkout.phoneQr().count()).toBe(0);
    expect(await waitFor(clipsStored, (n) => n === before + 1)).toBe(before + 1);

    // The payment lands (Midtrans' notification): the screen keeps asking and turns green with the QR code.
    const paid = await fetch(`${server.url}/api/payment/simulator/${encodeURIComponent(await snapToken)}/success`, { method: 'POST' });
    expect(paid.status).toBe(200);
    await checkout.completed().waitFor({ timeout: 15_000 });
    expect(await checkout.outcome().textContent()).toBe(C.paymentSuccess);
    const scanned = await checkout.scanPhoneQr();
    expect(scanned).toMatch(/\/p\/[A-Za-z0-9_-]{22,}$/);
    expect(((await (await fetch(`${scanned}/state`)).json()) as { status: string }).status).toBe('ready');
    await checkout.done().click();
    await checkout.page.waitForURL((url) => url.pathname === '/box');
    await context.close();
  });

  it('a pending payment that fails says why in plain words, keeps the cart and contact, and Try Again pays', async () => {
    const { context, page, checkout } = await toCheckout(1);
    await checkout.email().fill('pending-then-failed@example.com');
    const snapToken = snapTokenOf(page);
    await checkout.payNow().click();
    await checkout.simulator('Simulate pending').click();
    await checkout.waiting().waitFor();
    await fetch(`${server.url}/api/payment/simulator/${encodeURIComponent(await snapToken)}/failure`, { method: 'POST' });
    await checkout.error().getByText(C.paymentDeclined).waitFor({ timeout: 15_000 });
    expect(await checkout.completed().count()).toBe(0);
    expect(await checkout.phoneQr().count()).toBe(0);
    expect(await checkout.lines().count()).toBe(1);
    expect(await checkout.email().inputValue()).toBe('pending-then-failed@example.com');

    await checkout.button(MESSAGES.paymentFailure.tryAgain).click();
    await checkout.simulator('Simulate success').click();
    await checkout.completed().waitFor();
    const { transactions } = await seed.admin.call('listPurchases', { query: { email: 'pending-then-failed@example.com' } });
    expect(transactions.map((t) => t.paymentStatus).sort()).toEqual(['failed', 'paid']);
    await context.close();
  });

  it('shows the failure and cancel messages and lets the player try again', async () => {
    const { context, checkout } = await toCheckout(1);
    await checkout.email().fill('fail@example.com');
    await checkout.payNow().click();
    await checkout.simulator('Simulate failure').click();
    await checkout.error().getByText(C.paymentDeclined).waitFor();
    // The catalogue's words, never the provider's (which are not in the player's language).
    expect(await checkout.error().locator('p').textContent()).toBe(C.paymentDeclined);
    expect(await checkout.paymentPanel().count()).toBe(0);

    await checkout.payNow().click();
    await checkout.simulator('Close').click();
    await checkout.error().getByText(C.paymentCancelled).waitFor();
    expect(await checkout.completed().count()).toBe(0);
    await context.close();
  });

  it('closing the payment form gives a one-use promo back: the next Pay Now still gets the discount and pays', async () => {
    await seed.admin.call('createPromo', { body: { name: 'Once', code: 'ONCEONLY', quota: 1, amount: 2_000, percent: 0 } });
    const { context, checkout } = await toCheckout(1);
    await checkout.applyPromo('onceonly');
    await checkout.page.getByTestId('promo-applied').waitFor();
    await checkout.email().fill('closer@example.com');
    await checkout.payNow().click();
    await checkout.simulator('Close').click();
    await checkout.error().getByText(C.paymentCancelled).waitFor();

    await checkout.payNow().click();
    await checkout.simulator('Simulate success').click();
    await checkout.completed().waitFor();
    expect(await checkout.outcome().textContent()).toBe(C.paymentSuccess);
    const { transactions } = await seed.admin.call('listPurchases', { query: { email: 'closer@example.com' } });
    expect(transactions.map((t) => [t.paymentStatus, t.totalAmount]).sort()).toEqual([
      ['expired', 13_000],
      ['paid', 13_000],
    ]);
    await context.close();
  });

  it('on a 1366x768 kiosk with six clips the total and Pay Now are on screen together, and Enter in the e-mail field pays', async () => {
    const { context, page, checkout } = await toCheckout(6, '/box', { clips: 6, viewport: { width: 1366, height: 768 } });
    expect(await checkout.lines().count()).toBe(6);
    const inView = (el: Element) => {
      const r = el.getBoundingClientRect();
      return r.top >= 0 && r.bottom <= window.innerHeight;
    };
    // Opened at the top (not at the selection screen's scroll position), with nothing out of view.
    expect(await page.evaluate(() => document.scrollingElement?.scrollTop ?? 0)).toBe(0);
    expect(await checkout.title().evaluate(inView)).toBe(true);
    expect(await checkout.total().evaluate(inView)).toBe(true);
    expect(await checkout.payNow().evaluate(inView)).toBe(true);

    await checkout.email().fill('enter@example.com');
    await checkout.email().press('Enter');
    await checkout.simulator('Close').click();
    await checkout.error().getByText(C.paymentCancelled).waitFor();
    await context.close();
  });

  it('a price changed while the order form is open: the refusal shows the new total and the next Pay Now goes through', async () => {
    const { context, checkout } = await toCheckout(1);
    expect(await checkout.total().textContent()).toBe('Rp 15.000');
    // The kiosk would read the new price by itself within a device poll (
    // e2e/kiosk-live-prices.e2e.ts); held back here until Pay Now, so the server's refusal is what tells it.
    let hold = true;
    await context.route(/\/api\/(device\/[^/?]+|admin\/config)(\?.*)?$/, (route) =>
      hold && route.request().method() === 'GET' ? route.abort() : route.continue(),
    );
    await context.route(/\/api\/transaction$/, (route) => {
      hold = false;
      return route.continue();
    });
    await setPricing(seed.admin, { price: 20_000, gateway: true });
    try {
      await checkout.email().fill('reprice@example.com');
      await checkout.payNow().click();
      await checkout.error().getByText(PURCHASE_MESSAGES.totalChanged).waitFor();
      await checkout.page.waitForFunction(() => document.querySelector('[data-testid=total]')?.textContent === 'Rp 20.000');
      await checkout.page.getByTestId('prices-changed').getByText(C.pricesChanged).waitFor();
      await checkout.payNow().click();
      await checkout.simulator('Close').click();
      await checkout.error().getByText(C.paymentCancelled).waitFor();
    } finally {
      await setPricing(seed.admin, { price: 15_000, gateway: true });
      await context.close();
    }
  });

  it('Pay Now with a promo code typed but not applied applies it first: a wrong one is refused, a good one shown, then paid with it', async () => {
    const { context, page, checkout } = await toCheckout(1);
    await checkout.email().fill('typed@example.com');
    await checkout.promoInput().fill('nosuchcode');
    await checkout.payNow().click();
    await page.getByText(MESSAGES.promo.requestFailed).or(page.getByText(MESSAGES.promo.invalidOrExpired)).first().waitFor();
    expect(await checkout.paymentPanel().count()).toBe(0);

    await checkout.promoInput().fill('weekend');
    await checkout.payNow().click();
    await page.getByTestId('promo-applied').waitFor();
    expect(await checkout.total().textContent()).toBe('Rp 10.000');
    expect(await checkout.paymentPanel().count()).toBe(0);
    await checkout.payNow().click();
    await checkout
      .paymentPanel()
      .getByText(/Rp 10\.000/)
      .waitFor();
    await checkout.simulator('Close').click();
    await checkout.error().getByText(C.paymentCancelled).waitFor();
    await context.close();
  });

  it('a provider that calls onClose after onPending: the purchase stays waiting and pending, not cancelled', async () => {
    const { context, page, checkout } = await toCheckout(1);
    // Midtrans' own snap.js, in the same API: the pending screen, then the player closes the popup.
    await page.route('**/snap.js', (route) =>
      route.fulfill({
        contentType: 'text/javascript',
        body: 'window.snap = { embed: function (token, o) { setTimeout(function () { o.onPending({ transaction_status: "pending" }); o.onClose(); }, 50); } };',
      }),
    );
    await checkout.email().fill('late-close@example.com');
    await checkout.payNow().click();
    await checkout.waiting().waitFor();
    expect(await checkout.outcome().textContent()).toBe(C.paymentPending);
    // A second of the page's own time (toCheckout installed its clock) passes, and it still waits.
    await page.clock.runFor(1_000);
    expect(await checkout.waiting().isVisible()).toBe(true);
    const { transactions } = await seed.admin.call('listPurchases', { query: { email: 'late-close@example.com' } });
    expect(transactions.map((t) => t.paymentStatus)).toEqual(['pending']);
    await context.close();
  });

  it('says when the payment system is not configured or its script cannot be loaded', async () => {
    const { context, page, checkout } = await toCheckout(1);
    await checkout.email().fill('script@example.com');
    await page.route('**/api/payment/client-config**', (route) =>
      route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify({ scriptUrl: '', clientKey: '' }) }),
    );
    await checkout.payNow().click();
    await checkout.error().getByText(C.paymentNotConfigured).waitFor();
    await page.unroute('**/api/payment/client-config**');
    await page.route('**/snap.js', (route) => route.abort());
    await checkout.payNow().click();
    await checkout.error().getByText(C.paymentSystemLoadFailed).waitFor();
    expect(await checkout.paymentPanel().count()).toBe(0);
    await context.close();
  });

  it('completes without upload when no clip reaches storage, and saves no link', async () => {
    await setPricing(seed.admin, { price: 0, gateway: false }, true);
    const { context, page, checkout } = await toCheckout(1, '/staging');
    await page.route('**/api/storage/upload/**', (route) => route.abort());
    await checkout.email().fill('noupload@example.com');
    await checkout.payNow().click();
    await checkout.completed().waitFor();
    await page.getByTestId('progress-label').getByText(C.progress.completedWithoutUpload, { exact: true }).waitFor({ timeout: 30_000 });
    const row = await waitFor(
      async () =>
        (await seed.admin.call('listPurchases', { query: { includeStaging: 'true' } })).transactions.find(
          (t) => t.email === 'noupload@example.com',
        ),
      () => true,
    );
    expect(await row).toMatchObject({ zipUrl: null, uploadError: true });
    await context.close();
  });

  it('gives every checkout validation message', async () => {
    const { context, checkout, page } = await toCheckout(1);
    await checkout.button(MESSAGES.promo.apply).click();
    await page.getByText(MESSAGES.promo.enterCode).waitFor();
    await checkout.promoInput().fill('X');
    expect(await page.getByText(MESSAGES.promo.enterCode).count()).toBe(0);
    await checkout.applyPromo('NOSUCHCODE');
    await page.getByText(MESSAGES.promo.requestFailed).or(page.getByText(MESSAGES.promo.invalidOrExpired)).first().waitFor();
    expect(await checkout.discount().count()).toBe(0);

    await checkout.payNow().click();
    // Neither an address nor a WhatsApp number (offered by default outside production).
    await page.getByText(C.contactRequired).waitFor();
    await checkout.email().fill('no-at-sign.example.com');
    await checkout.payNow().click();
    await page.getByText(C.invalidEmail).waitFor();
    expect(await checkout.paymentPanel().count()).toBe(0);

    await checkout.back().click();
    await page.waitForURL('**/box/video-selection');
    // The clips come back from the session cache with the selection kept (the grid renders a
    // moment after the address changes).
    await page.locator('.video-card.is-selected').first().waitFor();
    expect(await page.locator('.video-card.is-selected').count()).toBe(1);
    await context.close();
  });

  it('staging with the gateway off: the free path, no payment form, clips stored', async () => {
    await setPricing(seed.admin, { price: 0, gateway: false }, true);
    const clipsStored = () => server.storedFiles().filter((f) => /\.(mp4|webm|mov)$/.test(f)).length;
    const before = clipsStored();
    const { context, checkout } = await toCheckout(1, '/staging');
    expect(await checkout.total().textContent()).toBe('Rp 0');
    await checkout.email().fill('staging@example.com');
    await checkout.payNow().click();
    await checkout.completed().waitFor();
    expect(await checkout.outcome().textContent()).toBe(C.gatewaySkipped);
    expect(await checkout.paymentPanel().count()).toBe(0);
    expect(await waitFor(clipsStored, (n) => n === before + 1)).toBe(before + 1);
    const { transactions } = await seed.admin.call('listPurchases', { query: { includeStaging: 'true' } });
    expect(transactions.find((t) => t.email === 'staging@example.com')).toMatchObject({ isStaging: true, paymentStatus: 'free' });
    await context.close();
  });

  it("asks 'Still there?' on an order form left for 60 s, then sends it home 10 s later", async () => {
    const { context, page, checkout } = await toCheckout(1);
    // The page's own time of the player's last touch or key.
    await page.evaluate(() => {
      const w = window as unknown as { touchedAt: number };
      for (const type of ['pointerdown', 'keydown', 'input'])
        document.addEventListener(type, () => (w.touchedAt = Date.now()), { capture: true });
    });
    // A touch restarts the 60 s wait (toCheckout's installed clock).
    await checkout.email().click();
    await checkout.email().fill('away@example.com');
    // The clock stopped, so only the time run below passes for the page, however slow the machine.
    const [now, touchedAt] = await page.evaluate(() => [Date.now(), (window as unknown as { touchedAt: number }).touchedAt]);
    await page.clock.pauseAt(now + 1_000);
    const idle = now + 1_000 - touchedAt;
    await page.clock.runFor(59_000 - idle);
    expect(new URL(page.url()).pathname).toBe('/box/checkout');
    await page.clock.runFor(2_000);
    await page.getByRole('alertdialog', { name: MESSAGES.guards.stillThereTitle }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/box/checkout');
    await page.clock.runFor(10_500);
    await page.waitForURL('**/box');
    await context.close();
  });

  it('payment result pages: success counts 15 s to /box, failure offers Try Again and counts 10 s', async () => {
    const context = await newKioskContext(browser, server.url);
    await useDeviceId(context, seed.deviceId);
    const page = await context.newPage();
    await page.clock.install();
    // The page's own time when its heading first showed (its countdown starts with it).
    await page.addInitScript(() => {
      const w = window as unknown as { shownAt?: number };
      new MutationObserver(() => {
        if (w.shownAt === undefined && document.querySelector('h1, h2')) w.shownAt = Date.now();
      }).observe(document, { subtree: true, childList: true });
    });
    /** Stops the page's clock; answers how long the page has been showing, on that clock. */
    const pauseAfterShowing = async () => {
      const [now, shownAt] = await page.evaluate(() => [Date.now(), (window as unknown as { shownAt: number }).shownAt]);
      // Two quick calls from here: the clock runs on meanwhile, by far less than this margin.
      await page.clock.pauseAt(now + 2_000);
      return now + 2_000 - shownAt;
    };

    await page.goto('/payment/success?order_id=CR-TEST-1');
    await page.getByRole('heading', { name: MESSAGES.paymentSuccess.title }).waitFor();
    expect(await page.getByTestId('transaction-id').textContent()).toBe('CR-TEST-1');
    let shown = await pauseAfterShowing();
    await page.clock.runFor(14_000 - shown);
    expect(new URL(page.url()).pathname).toBe('/payment/success');
    await page.clock.runFor(1_500);
    await page.waitForURL('**/box');
    await page.clock.resume();

    await page.goto('/payment/failure?order_id=CR-TEST-2&error_code=202&error_message=Card%20declined');
    await page.getByRole('heading', { name: MESSAGES.paymentFailure.title }).waitFor();
    expect(await page.getByTestId('error-message').textContent()).toBe('Card declined');
    expect(await page.getByTestId('error-code').textContent()).toBe('202');
    expect(await page.getByTestId('transaction-id').textContent()).toBe('CR-TEST-2');
    shown = await pauseAfterShowing();
    await page.clock.runFor(9_000 - shown);
    expect(new URL(page.url()).pathname).toBe('/payment/failure');
    await page.clock.runFor(1_500);
    await page.waitForURL('**/box/video-selection');
    await page.clock.resume();

    await page.goto('/payment/failure?order_id=CR-TEST-3');
    await page.getByRole('button', { name: MESSAGES.paymentFailure.tryAgain }).click();
    // Nothing is selected in this fresh session, so checkout sends the player on to the selection.
    await page.waitForURL('**/box/video-selection');
    await context.close();
  });
});

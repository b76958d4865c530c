// Paid means delivered, whatever the kiosk's screen did meanwhile: a
// payment that settles after the player closed the form and the kiosk went home; a reload while
// the payment is pending; the network lost while the payment form is open. Against the built PWA,
// the real server with its payment simulator (whose signed notification settles the order as the
// bank would), local storage and the .eml outbox.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { MESSAGES } from '@courtreplay/shared';
import { KioskApi, makeClip, simulatePayment, useRig } from './support/index.ts';
import { openKioskCheckout } from './support/kiosk-setup.ts';
import type { KioskCheckoutPage } from './pages/kiosk-checkout-page.ts';
import { PhonePage } from './pages/phone-page.ts';
import { KioskSelectionPage } from './pages/kiosk-selection-page.ts';

const C = MESSAGES.checkout;
// Two different playable clips (a phone page must play each one).
const CLIPS = [
  { name: 'late_1.mp4', path: makeClip({ format: 'mp4', seconds: 3 }) },
  { name: 'late_2.mp4', path: makeClip({ format: 'mp4', seconds: 4 }) },
];

const rig = useRig({ kiosk: { pricing: { price: 15_000, gateway: true } } });

async function waitFor<T>(read: () => T | Promise<T>, ok: (v: T) => boolean, ms = 20_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const v = await read();
    if (ok(v) || Date.now() > deadline) return v;
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** The Snap token the simulator's panel reads its order with, to settle it later as a bank would. */
async function snapTokenOf(page: Page): Promise<string> {
  const order = await page.waitForRequest((r) => {
    const path = new URL(r.url()).pathname;
    return r.method() === 'GET' && /^\/api\/payment\/simulator\/[^/]+$/.test(path) && !path.endsWith('.js');
  });
  return decodeURIComponent(new URL(order.url()).pathname.split('/').pop()!);
}

const settle = (token: string) => simulatePayment(rig.server, token);

/** A kiosk with the two clips in its folder, on the checkout screen with `count` of them selected. */
const toCheckout = (count: number) => openKioskCheckout(rig, CLIPS, count);

async function purchaseOf(email: string) {
  const { transactions } = await rig.seed.admin.call('listPurchases', { query: { email } });
  return transactions[0]!;
}

/** The waiting screen claims nothing: no upload bar, no address the clips went to, no spam hint. */
async function expectHonestWaiting(page: Page, checkout: KioskCheckoutPage) {
  expect(await checkout.waiting().getByRole('heading').textContent()).toBe(C.waitingForPayment);
  expect(await checkout.outcome().textContent()).toBe(C.paymentPending);
  expect(await page.getByTestId('delivery-progress').count()).toBe(0);
  expect(await page.getByTestId('sent-to').count()).toBe(0);
  expect(await page.getByText(C.checkSpam).count()).toBe(0);
  expect(await checkout.phoneQr().count()).toBe(0);
}

describe('a payment that lands late is delivered', () => {
  it('the player closed the payment form and the kiosk went home: a later settlement sends the e-mail and the phone page plays each clip', async () => {
    const { context, page, checkout } = await toCheckout(2);
    const email = 'closed-then-paid@example.com';
    await checkout.email().fill(email);
    const snapToken = snapTokenOf(page);
    await checkout.payNow().click();
    await checkout.paymentPanel().waitFor();
    await checkout.simulator('Close').click();
    await checkout.error().getByText(C.paymentCancelled).waitFor();
    expect((await purchaseOf(email)).paymentStatus).toBe('expired');
    // Home, as the kiosk goes after an abandoned form; another player may use it now.
    await page.evaluate(() => {
      history.pushState({}, '', '/box');
      dispatchEvent(new PopStateEvent('popstate'));
    });
    await page.waitForURL((url) => url.pathname === '/box');

    // Nothing goes to the player before the payment.
    const uploaded = await waitFor(
      () => purchaseOf(email),
      (p) => p.zipUrl !== null,
    );
    expect(uploaded.zipUrl).toMatch(/\/d\//);
    expect(rig.server.outbox().filter((m) => m.text.includes(email))).toHaveLength(0);

    // The bank settles the order (its signed notification), long after the player left.
    await settle(await snapToken);
    const mails = await waitFor(
      () => rig.server.outbox().filter((m) => m.text.includes(email)),
      (m) => m.length === 1,
    );
    expect(mails).toHaveLength(1);
    expect((await purchaseOf(email)).paymentStatus).toBe('paid');

    // The phone page plays each clip, and serves the bytes of the files the player chose.
    const status = await new KioskApi(rig.server, rig.seed.deviceId).call('purchaseStatus', {
      params: { id: (await purchaseOf(email)).id },
    });
    const phonePage = await context.newPage();
    const phone = new PhonePage(phonePage);
    await phone.open(status.phoneUrl);
    await waitFor(
      () => phone.videos().count(),
      (n) => n === 2,
    );
    for (const n of [0, 1]) expect(await phone.play(n)).toBeGreaterThan(0.3);
    const served = await Promise.all(
      [1, 2].map(async (n) => Buffer.from(await (await fetch(`${status.phoneUrl}/clip/${n}`)).arrayBuffer()).toString('base64')),
    );
    const chosen = CLIPS.map((c) => readFileSync(c.path).toString('base64'));
    expect(served.sort()).toEqual(chosen.sort());
    await context.close();
  });

  it('a reload during a pending payment comes back to its waiting screen, and the QR code shows once the payment lands', async () => {
    const { context, page, checkout } = await toCheckout(1);
    await checkout.email().fill('reload-pending@example.com');
    const snapToken = snapTokenOf(page);
    await checkout.payNow().click();
    await checkout.simulator('Simulate pending').click();
    await checkout.waiting().waitFor();
    await expectHonestWaiting(page, checkout);

    await page.reload();
    await checkout.waiting().waitFor();
    await expectHonestWaiting(page, checkout);

    await settle(await snapToken);
    await checkout.completed().waitFor({ timeout: 10_000 });
    expect(await checkout.outcome().textContent()).toBe(C.paymentSuccess);
    expect(await checkout.scanPhoneQr()).toMatch(/\/p\/[A-Za-z0-9_-]{22,}$/);
    await checkout.done().click();
    await page.waitForURL((url) => url.pathname === '/box');
    // Done with: a later reload is a fresh kiosk, not this purchase again.
    await page.goto('/box/checkout');
    await page.waitForURL((url) => url.pathname === '/box/video-selection');
    await context.close();
  });

  it("the simulator's Settle now finishes a payment left pending, as a late settlement would", async () => {
    const { context, checkout } = await toCheckout(1);
    await checkout.email().fill('settle-now@example.com');
    await checkout.payNow().click();
    await checkout.simulator('Simulate pending').click();
    await checkout.waiting().waitFor();
    expect((await purchaseOf('settle-now@example.com')).paymentStatus).toBe('pending');

    await checkout.settleNow().click();
    await checkout.completed().waitFor({ timeout: 10_000 });
    expect(await checkout.outcome().textContent()).toBe(C.paymentSuccess);
    expect((await purchaseOf('settle-now@example.com')).paymentStatus).toBe('paid');
    expect(await checkout.settleNow().count()).toBe(0);
    await context.close();
  });

  it('the network lost while the payment form is open says so: nothing charged yet, a phone payment still counts; paid once it returns', async () => {
    const { context, page, checkout } = await toCheckout(1);
    const email = 'offline-form@example.com';
    await checkout.email().fill(email);
    const snapToken = snapTokenOf(page);
    await checkout.payNow().click();
    // The provider's form is up (the player may be scanning its QRIS code) when the Wi-Fi drops.
    await checkout.simulator('Simulate success').waitFor();
    await context.setOffline(true);
    await checkout.connectionLost().waitFor();
    expect(await checkout.connectionLost().getByRole('heading').textContent()).toBe(C.connectionLostTitle);
    expect(await checkout.outcome().textContent()).toBe(C.connectionLost);
    // Nothing that claims the order is under way: no waiting screen, no "your videos will be sent".
    expect(await checkout.waiting().count()).toBe(0);
    expect(await page.getByText(C.paymentPending).count()).toBe(0);
    expect(await page.getByTestId('delivery-progress').count()).toBe(0);
    expect(await checkout.error().count()).toBe(0);
    expect((await purchaseOf(email)).paymentStatus).toBe('pending');

    // Paid on the phone meanwhile: recognised once the kiosk can ask again.
    await context.setOffline(false);
    await settle(await snapToken);
    await checkout.completed().waitFor({ timeout: 10_000 });
    expect(await checkout.outcome().textContent()).toBe(C.paymentSuccess);
    await context.close();
  });

  it('the cart, contact and promo survive Close and Back; a late payment then brings the completed screen back', async () => {
    await rig.seed.admin.call('createPromo', { body: { name: 'Kept', code: 'KEPTCODE', quota: 0, amount: 1_000, percent: 0 } });
    const { page, context, checkout } = await toCheckout(2);
    const email = 'keeps-cart@example.com';
    await checkout.applyPromo('keptcode');
    await page.getByTestId('promo-applied').waitFor();
    await checkout.email().fill(email);
    const snapToken = snapTokenOf(page);
    await checkout.payNow().click();
    await checkout.simulator('Close').click();
    await checkout.error().getByText(C.paymentCancelled).waitFor();

    await checkout.back().click();
    const selection = new KioskSelectionPage(page);
    await selection.checkoutButton().click();
    await checkout.title().waitFor();
    expect(await checkout.lines().count()).toBe(2);
    expect(await checkout.email().inputValue()).toBe(email);
    await page.getByTestId('promo-applied').waitFor();

    // Back on the grid, the player's e-wallet settles the closed order: its completed screen and QR code.
    await checkout.back().click();
    await selection.checkoutButton().waitFor();
    await settle(await snapToken);
    await checkout.completed().waitFor({ timeout: 5_000 });
    expect(await checkout.scanPhoneQr()).toMatch(/\/p\/[A-Za-z0-9_-]{22,}$/);
    expect(await checkout.payNow().count()).toBe(0);
    await context.close();
  });

  it('a purchase the server refuses uploads for (409: erased or finally unpaid) is dropped from the kiosk, not retried for ever', async () => {
    const { context, page, checkout } = await toCheckout(1);
    let folderCalls = 0;
    await page.route('**/api/google-drive/create-folder', (route) => {
      folderCalls++;
      return route.fulfill({
        status: 409,
        contentType: 'application/json',
        body: JSON.stringify({ message: 'This purchase takes no uploads.' }),
      });
    });
    await checkout.email().fill('refused-upload@example.com');
    await checkout.payNow().click();
    await checkout.simulator('Close').click();
    await checkout.error().getByText(C.paymentCancelled).waitFor();
    const jobs = () =>
      page.evaluate(
        () =>
          new Promise<number>((resolve, reject) => {
            const open = indexedDB.open('courtreplay-kiosk');
            open.onerror = () => reject(open.error);
            open.onsuccess = () => {
              const all = open.result.transaction('uploads', 'readonly').objectStore('uploads').count();
              all.onsuccess = () => {
                open.result.close();
                resolve(all.result);
              };
            };
          }),
      );
    // The job was made (it asked for the folder) and is then gone.
    await waitFor(
      () => folderCalls,
      (n) => n >= 1,
    );
    expect(await waitFor(jobs, (n) => n === 0)).toBe(0);
    expect(folderCalls).toBe(1);
    await context.close();
  });
});

// Accessibility and touch targets on every kiosk screen, on the portrait
// 1080x1920 screen and a 1366x768 landscape one: axe-core finds no serious or critical violation,
// and every button, link, input and [role=button] is at least 48x48 CSS px.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { DASHBOARD_TABS, MESSAGES } from '@courtreplay/shared';
import {
  feedFolder,
  installFolderPicker,
  KioskApi,
  makeClip,
  newKioskContext,
  PORTRAIT_KIOSK,
  simulatePayment,
  SUPER_ADMIN,
  useRig,
} from './support/index.ts';
import { useDeviceId } from './support/kiosk-setup.ts';
import { KioskCheckoutPage } from './pages/kiosk-checkout-page.ts';
import { KioskSelectionPage } from './pages/kiosk-selection-page.ts';
import { loginAs } from './pages/admin-session.ts';
import { PhonePage } from './pages/phone-page.ts';

/** axe-core from node_modules, injected into the page (never a CDN). */
const AXE_PATH = createRequire(import.meta.url).resolve('axe-core/axe.min.js');
const MIN_TARGET = 48;
const SCREENS = [
  { name: '1080x1920 portrait', viewport: PORTRAIT_KIOSK.viewport },
  { name: '1366x768 landscape', viewport: { width: 1366, height: 768 } },
];

const { server, browser, seed } = useRig({ kiosk: { pricing: { price: 15_000, gateway: true } } });

beforeAll(async () => {
  await seed.admin.call('createPromo', { body: { name: 'Access', code: 'ACCESS', quota: 0, amount: 1_000, percent: 0 } });
  // The home screen as a venue has it: its promo video playing.
  const form = new FormData();
  form.append('video', new Blob([new Uint8Array(readFileSync(makeClip({ format: 'mp4' })))], { type: 'video/mp4' }), 'promo.mp4');
  const res = await fetch(`${server.url}/api/admin/cms/upload-promo-video`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${seed.admin.token}` },
    body: form,
  });
  if (!res.ok) throw new Error(`promo video upload: ${res.status}`);
});

/** The serious and critical axe-core violations on the page, one line per element. */
async function axeViolations(page: Page): Promise<string[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.addScriptTag({ path: AXE_PATH });
  return page.evaluate(async () => {
    type AxeResult = { id: string; impact: string | null; help: string; nodes: { target: string[]; failureSummary?: string }[] };
    const axe = (window as unknown as { axe: { run: (ctx: Document) => Promise<{ violations: AxeResult[] }> } }).axe;
    const { violations } = await axe.run(document);
    return violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .flatMap((v) =>
        v.nodes.map((n) => `${v.impact} ${v.id} (${v.help}): ${n.target.join(' ')}: ${(n.failureSummary ?? '').replace(/\s+/g, ' ')}`),
      );
  });
}

/**
 * Every interactive element smaller than 48x48 CSS px. Left out, each for its reason: elements
 * not rendered (no box, or visibility hidden), since nothing there can be touched. An input with a
 * label is measured by its label's box when that is larger: touching the label operates it.
 */
async function smallTouchTargets(page: Page): Promise<string[]> {
  return page.evaluate((min) => {
    const small: string[] = [];
    const selector = 'button, a[href], input, select, textarea, [role="button"]';
    for (const el of document.querySelectorAll<HTMLElement>(selector)) {
      const box = el.getBoundingClientRect();
      if ((box.width === 0 && box.height === 0) || getComputedStyle(el).visibility === 'hidden') continue;
      let { width, height } = box;
      const labels = el instanceof HTMLInputElement ? [...(el.labels ?? [])] : [];
      for (const label of labels) {
        const l = label.getBoundingClientRect();
        if (l.width >= width && l.height >= height) ({ width, height } = l);
      }
      if (width >= min && height >= min) continue;
      const name = (el.getAttribute('aria-label') ?? el.textContent ?? '').trim().replace(/\s+/g, ' ').slice(0, 40);
      const kind = `${el.tagName.toLowerCase()}${el.getAttribute('type') ? `[type=${el.getAttribute('type')}]` : ''}`;
      small.push(`${kind}.${[...el.classList].join('.')} "${name}" ${Math.round(width)}x${Math.round(height)}`);
    }
    return small;
  }, MIN_TARGET);
}

describe('kiosk accessibility and touch targets', () => {
  for (const screen of SCREENS) {
    it(`every kiosk screen at ${screen.name}: no serious axe-core violation, no touch target under 48x48`, async () => {
      const context = await newKioskContext(browser, server.url, { viewport: screen.viewport, bypassCSP: true });
      await useDeviceId(context, seed.deviceId);
      await installFolderPicker(context);
      const page = await context.newPage();
      const findings: Record<string, { axe: string[]; touch: string[] }> = {};
      const audit = async (name: string) => {
        findings[name] = { axe: await axeViolations(page), touch: await smallTouchTargets(page) };
      };

      await page.goto('/box');
      await page.getByRole('link', { name: MESSAGES.kioskHome.seeYour('CourtReplay') }).waitFor();
      await page.getByTestId('promo-video').waitFor();
      await audit('home');

      await feedFolder(page, [
        { name: 'smash_1.mp4', path: makeClip({ format: 'mp4' }) },
        { name: 'rally-2.webm', path: makeClip({ format: 'webm' }) },
      ]);
      await page.goto('/box/video-selection');
      const selection = new KioskSelectionPage(page);
      await selection.browseButton().waitFor();
      await audit('selection, folder not chosen');
      await selection.browse();
      await selection.selectNth(0);
      await audit('selection grid');

      await page.getByRole('button', { name: 'Play rally 2' }).click();
      await page.getByTestId('player-modal').waitFor();
      await audit('video player');
      await page.keyboard.press('Escape');
      await page.getByTestId('player-modal').waitFor({ state: 'detached' });

      await selection.checkoutButton().click();
      const checkout = new KioskCheckoutPage(page);
      await checkout.title().waitFor();
      await audit('checkout');
      await checkout.applyPromo('ACCESS');
      await page.getByTestId('promo-applied').waitFor();
      await audit('checkout, promo applied');

      await checkout.email().fill('a11y@example.com');
      await checkout.payNow().click();
      await checkout.simulator('Simulate failure').waitFor();
      await audit('payment simulator');
      await checkout.simulator('Simulate failure').click();
      await checkout.error().waitFor();
      await audit('checkout, payment failed');

      await checkout.payNow().click();
      await checkout.simulator('Simulate success').waitFor();

      await checkout.simulator('Simulate success').click();
      await checkout.completed().waitFor();
      await audit('purchase completed');

      await page.goto('/payment/success?order_id=CR-A11Y-1');
      await page.getByRole('heading', { name: MESSAGES.paymentSuccess.title }).waitFor();
      await audit('payment success');

      await page.goto('/payment/failure?order_id=CR-A11Y-2&error_code=202&error_message=Card%20declined');
      await page.getByRole('heading', { name: MESSAGES.paymentFailure.title }).waitFor();
      await audit('payment failure');
      await context.close();

      const problems = Object.entries(findings).filter(([, f]) => f.axe.length || f.touch.length);
      expect(problems, JSON.stringify(Object.fromEntries(problems), null, 2)).toEqual([]);
    });
  }
});

/** A paid purchase of one clip with its link saved, made as the kiosk makes one: its phone page address. */
async function paidPurchasePhoneUrl(): Promise<string> {
  const kiosk = new KioskApi(server, seed.deviceId);
  const made = await kiosk.call('createPurchase', {
    body: { email: 'phone-a11y@example.com', videoIds: ['a11y.mp4'], videoTitles: ['Smash'], totalAmount: 15_000 },
  });
  await simulatePayment(server, made.payment!.token);
  await kiosk.saveFolderLink(made.transaction.id);
  return made.phoneUrl!;
}

describe('back-office and phone page accessibility', () => {
  it('every admin tab at 1366x768, status badges included: no serious axe-core violation', async () => {
    const phoneUrl = await paidPurchasePhoneUrl();
    expect(phoneUrl).toBeTruthy();
    const context = await newKioskContext(browser, server.url, { viewport: { width: 1366, height: 768 }, bypassCSP: true });
    const page = await context.newPage();
    const dashboard = await loginAs(page, SUPER_ADMIN.email, SUPER_ADMIN.password);
    const findings: Record<string, string[]> = {};
    for (const tab of DASHBOARD_TABS) {
      await dashboard.openTab(tab);
      // Let the tab's first answers arrive (its table or empty message), so axe sees what an admin sees.
      await page.waitForLoadState('networkidle');
      findings[tab] = await axeViolations(page);
    }
    // A paid purchase's status badge is on the Transactions tab.
    await dashboard.openTab('transactions');
    await page.locator('[role=tabpanel] tbody tr').first().waitFor();
    findings['transactions, with a purchase'] = await axeViolations(page);
    await context.close();
    const problems = Object.entries(findings).filter(([, f]) => f.length);
    expect(problems, JSON.stringify(Object.fromEntries(problems), null, 2)).toEqual([]);
  });

  it("the player's phone page at a phone's size, WhatsApp button included: no serious axe-core violation", async () => {
    const phoneUrl = await paidPurchasePhoneUrl();
    const context = await newKioskContext(browser, server.url, { viewport: { width: 390, height: 844 }, isMobile: true, bypassCSP: true });
    const page = await context.newPage();
    const phone = new PhonePage(page);
    await phone.open(phoneUrl);
    await phone.whatsApp().waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await context.close();
  });
});

// Prices per venue and a price table that cannot undercut itself, in the
// Product tab: the problem shown before saving with the offer to scale the tiers, a venue's own
// price, and a venue admin who prices their own venue.
import { beforeAll, describe, expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { DEFAULT_BUNDLING_TIERS, serializePromoTable, type BundlingTier } from '@courtreplay/shared';
import { newKioskContext, SUPER_ADMIN, useRig } from './support/index.ts';
import { AdminProductTab } from './pages/admin-product-tab.ts';
import { loginAs } from './pages/admin-session.ts';

const { server, browser, admin: api } = useRig({ admin: true });
let page: Page;
let product: AdminProductTab;
let venueId: number;

beforeAll(async () => {
  await api.setConfig('DEFAULT_PRICE', '15000');
  await api.setConfig('PROMO_TABLE', serializePromoTable(DEFAULT_BUNDLING_TIERS));
  venueId = (await api.call('createVenue', { body: { name: 'Arena Bali', location: 'Bali' } })).venue.id;
  const context = await newKioskContext(browser, server.url, { viewport: { width: 1440, height: 900 } });
  page = await context.newPage();
  const dashboard = await loginAs(page, SUPER_ADMIN.email, SUPER_ADMIN.password);
  await dashboard.openTab('productManagement');
  product = new AdminProductTab(page);
});

const entries = (venueId?: number) => api.call('getConfig', { query: venueId === undefined ? {} : { venueId: String(venueId) } });
const valueOf = async (key: string, venueId?: number) => (await entries(venueId)).find((e) => e.key === key);

describe('a price table that cannot undercut itself', () => {
  test('a price under which 2 clips cost less than 1 is shown before saving, with the offer to scale the tiers', async () => {
    await product.price().fill('25000');
    const alert = product.panelAlert('price-undercut');
    await alert.waitFor();
    expect(await alert.textContent()).toContain('2 clips would cost Rp 20.000, less than 1 clip at Rp 25.000');
    expect(await product.savePrice().isDisabled()).toBe(true);
    expect((await valueOf('DEFAULT_PRICE'))?.value).toBe('15000');

    await alert.getByRole('button', { name: 'Scale tiers to Rp 25.000 and save' }).click();
    await alert.waitFor({ state: 'detached' });
    await expect.poll(async () => (await valueOf('DEFAULT_PRICE'))?.value).toBe('25000');
    const tiers = JSON.parse((await valueOf('PROMO_TABLE'))?.value ?? '[]') as BundlingTier[];
    // Each tier keeps its percentage off, rounded to Rp 100: 10.000 of 15.000 is 16.700 of 25.000.
    expect(tiers.map((t) => t.PRICE)).toEqual([16_700, 15_000, 13_300, 11_700, 10_000]);
    await expect.poll(() => product.tierPrice(1).inputValue()).toBe('16700');
  });

  test('a tier table that undercuts cannot be saved and says why', async () => {
    await product.tierPrice(1).fill('5000');
    const alert = product.panelAlert('tiers-undercut');
    await alert.waitFor();
    expect(await alert.textContent()).toContain('2 clips would cost Rp 10.000, less than 1 clip at Rp 25.000');
    expect(await product.saveBundling().isDisabled()).toBe(true);
    await alert.getByRole('button', { name: 'Use tiers scaled to Rp 25.000' }).click();
    await alert.waitFor({ state: 'detached' });
    expect(await product.tierPrice(1).inputValue()).toBe('20800');
    expect(await product.saveBundling().isDisabled()).toBe(false);
  });
});

describe('a venue of its own', () => {
  test("a super admin sets a venue's own price; the other venues keep the price of all venues", async () => {
    await page.getByRole('tabpanel').getByLabel('Venue').selectOption({ label: 'Arena Bali' });
    await product.priceSource().waitFor();
    expect(await product.priceSource().textContent()).toContain('The price of all venues.');
    await product.price().fill('30000');
    await product.savePrice().click();
    await expect.poll(async () => (await valueOf('DEFAULT_PRICE', venueId))?.value).toBe('30000');
    expect(await valueOf('DEFAULT_PRICE', venueId)).toEqual({ key: 'DEFAULT_PRICE', value: '30000', venueId });
    expect((await valueOf('DEFAULT_PRICE'))?.value).toBe('25000');
    await expect.poll(async () => product.priceSource().textContent()).toContain("This venue's own price.");

    await product.priceSource().getByRole('button', { name: 'Use the price of all venues' }).click();
    await expect.poll(async () => (await valueOf('DEFAULT_PRICE', venueId))?.venueId).toBeNull();
  });

  test('a venue admin sees the Product tab and prices their own venue only', async () => {
    await api.call('createAdmin', { body: { email: 'bali@example.com', password: 'bali-admin-1', role: 'admin', venueId } });
    const context = await newKioskContext(browser, server.url, { viewport: { width: 1440, height: 900 } });
    const own = await context.newPage();
    const dashboard = await loginAs(own, 'bali@example.com', 'bali-admin-1');
    await dashboard.openTab('productManagement');
    const tab = new AdminProductTab(own);
    expect(await own.getByRole('tabpanel').getByLabel('Venue').count()).toBe(0);
    await tab.priceSource().waitFor();
    await tab.price().fill('27000');
    await tab.savePrice().click();
    await expect.poll(async () => (await valueOf('DEFAULT_PRICE', venueId))?.value).toBe('27000');
    expect((await valueOf('DEFAULT_PRICE'))?.value).toBe('25000');
    await context.close();
  });
});

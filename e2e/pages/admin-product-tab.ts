// Product and Product - Staging: price, gateway switch, bundling tiers and promo codes.
import type { Page } from 'playwright-core';
import { MESSAGES } from '@courtreplay/shared';

const D = MESSAGES.dashboard;

export class AdminProductTab {
  constructor(readonly page: Page) {}

  private panel = () => this.page.getByRole('tabpanel');
  price = () => this.panel().getByLabel('Price per video (Rp)');
  savePrice = () => this.panel().getByRole('button', { name: 'Save Price' });
  gateway = () => this.panel().locator('input[name=gateway]');
  notice = (text: string) => this.panel().getByText(text, { exact: true });
  /** A problem shown before saving: 'price-undercut' or 'tiers-undercut'. */
  panelAlert = (testId: 'price-undercut' | 'tiers-undercut') => this.panel().getByTestId(testId);
  /** Whose price the venue's is: its own or that of all venues. */
  priceSource = () => this.panel().getByTestId('price-source');

  // Bundling
  tierRows = () => this.panel().getByRole('table', { name: 'Bundling tiers' }).locator('tbody tr');
  addTier = () => this.panel().getByRole('button', { name: '+ Add Tier' });
  useDefaultTiers = () => this.panel().getByRole('button', { name: 'Use Default Tiers' });
  quantity = (n: number) => this.panel().getByLabel(`Quantity ${n}`);
  tierPrice = (n: number) => this.panel().getByLabel(`Price ${n}`);
  saveBundling = () => this.panel().getByRole('button', { name: 'Save Bundling Promo' });

  // Promo codes
  addPromo = () => this.panel().getByRole('button', { name: '+ Add Promo Code' });
  promoForm = () => this.panel().getByRole('form', { name: /promo code/ });
  promoRow = (code: string) => this.panel().locator(`tr[data-code="${code}"]`);
  promoError = () => this.promoForm().getByRole('alert');

  async fillPromo(input: {
    name?: string;
    code?: string;
    type?: 'Fixed Amount (Rp)' | 'Percentage (%)';
    value?: string;
    quota?: string;
    firstDay?: string;
    lastDay?: string;
    on?: boolean;
  }) {
    const form = this.promoForm();
    if (input.name !== undefined) await form.getByLabel('Name').fill(input.name);
    if (input.code !== undefined) await form.getByLabel('Code', { exact: true }).fill(input.code);
    if (input.type) await form.getByLabel('Discount Type').selectOption({ label: input.type });
    if (input.value !== undefined) await form.locator('input[name=discountValue]').fill(input.value);
    if (input.quota !== undefined) await form.getByLabel('Quota (0 = unlimited)').fill(input.quota);
    if (input.firstDay !== undefined) await form.getByLabel(MESSAGES.promoForm.firstDay).fill(input.firstDay);
    if (input.lastDay !== undefined) await form.getByLabel(MESSAGES.promoForm.lastDay).fill(input.lastDay);
    if (input.on !== undefined) await form.getByLabel(MESSAGES.promoForm.activeLabel).setChecked(input.on);
  }

  submitPromo = () =>
    this.promoForm()
      .getByRole('button', { name: /^(Create|Update) Promo Code$/ })
      .click();
  generateCode = () => this.promoForm().getByRole('button', { name: 'Generate' }).click();
  promoCode = () => this.promoForm().getByLabel('Code', { exact: true }).inputValue();

  async deletePromo(code: string) {
    await this.promoRow(code).getByRole('button', { name: 'Delete' }).click();
    await this.promoRow(code).getByRole('button', { name: D.yes }).click();
  }
}

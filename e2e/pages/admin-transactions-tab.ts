// The Transactions tab: filters, table, pagination, export, and each row's Resend, Edit contact and Erase.
import type { Page } from 'playwright-core';
import { MESSAGES } from '@courtreplay/shared';

const T = MESSAGES.transactions;

export class AdminTransactionsTab {
  constructor(readonly page: Page) {}

  private panel = () => this.page.getByRole('tabpanel');
  email = () => this.panel().getByLabel(MESSAGES.adminScreens.transactions.searchByEmail);
  startDate = () => this.panel().getByLabel('Start date');
  endDate = () => this.panel().getByLabel('End date');
  venue = () => this.panel().getByLabel('Venue', { exact: true });
  court = () => this.panel().getByLabel('Court', { exact: true });
  resetFilters = () => this.panel().getByRole('button', { name: T.resetFilters }).first();
  /** The reset button inside the empty-result message. */
  panelReset = () => this.panel().locator('.empty').getByRole('button', { name: T.resetFilters });
  exportButton = () => this.panel().getByRole('button', { name: T.exportToExcel });
  csvButton = () => this.panel().getByRole('button', { name: T.exportToCsv });
  showStaging = () => this.panel().getByLabel(T.showStaging);
  /** Sales at a glance: a summary card's figure, the chart's bars, the per-court rows. */
  card = (key: string) => this.panel().getByTestId(`card-${key}`);
  chartBars = () => this.panel().locator('.sales-chart rect');
  courtRows = () => this.panel().locator('.sales-courts [role=row][data-field-id]');
  rows = () => this.panel().locator('tbody tr');
  row = (id: string) => this.panel().locator(`tr[data-id="${id}"]`);
  async headers(): Promise<string[]> {
    await this.panel().locator('thead').waitFor();
    return this.panel().locator('thead th').allTextContents();
  }
  pageLabel = () => this.panel().getByRole('navigation', { name: 'Pagination' }).locator('span');
  next = () => this.panel().getByRole('button', { name: 'Next' });
  previous = () => this.panel().getByRole('button', { name: 'Previous' });
  text = (text: string) => this.panel().getByText(text, { exact: true });

  async ids(): Promise<string[]> {
    return this.rows().evaluateAll((rows) => rows.map((r) => r.getAttribute('data-id') ?? ''));
  }

  cells = (id: string) => this.row(id).locator('td').allTextContents();
  emailStatus = (id: string) => this.row(id).getByTestId('email-status').textContent();
  paymentStatus = (id: string) => this.row(id).getByTestId('payment-status').textContent();
  /** The delivery line under the payment badge ('Awaiting payment', 'Uploading 2 of 3', ...). */
  deliveryState = (id: string) => this.row(id).getByTestId('delivery-state').textContent();
  /** Its title: the full reason when the label is cut short. */
  deliveryTitle = (id: string) => this.row(id).getByTestId('delivery-state').getAttribute('title');
  /** The line under it while an e-mail waits for its next try (the SMTP server's last answer). */
  deliveryReason = (id: string) => this.row(id).getByTestId('delivery-reason').textContent();
  resend = (id: string) => this.row(id).getByRole('button', { name: T.resend });
  editEmail = (id: string) => this.row(id).getByRole('button', { name: T.editContact });
  /** The inline contact correction form that 'Edit contact' opens in the row. */
  emailForm = (id: string) => this.row(id).getByRole('form', { name: T.editContact });
  newEmail = (id: string) => this.emailForm(id).getByLabel(T.newEmail);
  newPhone = (id: string) => this.emailForm(id).getByLabel(T.newPhone);
  phone = (id: string) => this.row(id).getByTestId('purchase-phone');
  saveEmail = (id: string) => this.emailForm(id).getByRole('button', { name: T.save });
  cancelEmail = (id: string) => this.emailForm(id).getByRole('button', { name: T.cancel });
  erase = (id: string) => this.row(id).getByRole('button', { name: T.erase });
  confirmErase = (id: string) =>
    this.row(id).getByRole('group', { name: T.eraseConfirm }).getByRole('button', { name: MESSAGES.dashboard.yes });
  erased = (id: string) => this.row(id).getByTestId('erased');
  /** The purchase detail drawer and its timeline. */
  details = (id: string) => this.row(id).getByRole('button', { name: T.details });
  drawer = () => this.page.getByTestId('purchase-drawer');
  timelineItems = () => this.drawer().getByRole('list', { name: T.drawer.timelineTitle }).getByRole('listitem');
  timelineTexts = () => this.timelineItems().locator('.timeline-what').allTextContents();
  /** A line of the drawer's summary ('Court', 'Sold at', ...), by its label. */
  summaryValue = (label: string) =>
    this.drawer()
      .locator('.drawer-summary > div')
      .filter({ has: this.page.locator('dt').getByText(label, { exact: true }) })
      .locator('dd')
      .textContent();
}

// Page object of the kiosk's video selection screen: labels come from the shared catalogue, so a
// wording change is one edit there.
import type { Locator, Page } from 'playwright-core';
import { MESSAGES } from '@courtreplay/shared';

const M = MESSAGES.selection;

export class KioskSelectionPage {
  constructor(
    readonly page: Page,
    readonly base = '/box',
  ) {}

  goto() {
    return this.page.goto(`${this.base}/video-selection`);
  }

  browseButton = () => this.page.getByRole('button', { name: MESSAGES.folder.browseVideos });
  loadingScreen = () => this.page.getByTestId('loading-screen');
  cards = () => this.page.getByTestId('video-card');
  titles = () => this.page.getByTestId('video-title');
  paginationInfo = () => this.page.getByTestId('pagination-info');
  recentDivider = () => this.page.getByRole('heading', { name: M.recentVideos });
  olderDivider = () => this.page.getByRole('heading', { name: M.olderVideos });
  maxNotice = () => this.page.getByText(M.maxVideos);
  checkoutButton = () => this.page.getByRole('button', { name: M.checkout, exact: true });
  clearCartButton = () => this.page.getByRole('button', { name: /^Clear cart/ });
  emptyState = () => this.page.getByTestId('empty-state');
  /** The bottom bar's price line (issue 12 point 4): the total and the next tier's offer. */
  cartSummary = () => this.page.getByTestId('cart-summary');
  cartTotal = () => this.page.getByTestId('cart-total');
  cartOffer = () => this.page.getByTestId('cart-offer');
  cardPrice = (n: number) => this.cards().nth(n).getByTestId('video-price');

  /** Clicks Browse Videos (the test's picker returns the OPFS folder) and waits for the grid. */
  async browse() {
    await this.browseButton().click();
    await this.waitForGrid();
  }

  /** Waits until the clips are listed (or the folder turned out empty). */
  async waitForGrid() {
    await this.paginationInfo().or(this.emptyState()).or(this.page.getByRole('alert')).first().waitFor({ timeout: 25_000 });
  }

  /** Shows today's clips: picks the folder when the screen asks for one, else waits for the restored one. */
  async open() {
    await this.browseButton().or(this.loadingScreen()).or(this.paginationInfo()).or(this.emptyState()).first().waitFor({ timeout: 15_000 });
    if (await this.browseButton().isVisible()) await this.browse();
    else await this.waitForGrid();
  }

  card(title: string): Locator {
    return this.cards().filter({ has: this.page.getByTestId('video-title').getByText(title, { exact: true }) });
  }

  async select(title: string) {
    await this.card(title)
      .getByRole('button', { name: `Select ${title}` })
      .click();
  }

  async selectNth(n: number) {
    await this.cards().nth(n).locator('.video-card-select').click();
  }

  async goToPage(n: number) {
    await this.page.getByRole('button', { name: String(n), exact: true }).click();
  }
}

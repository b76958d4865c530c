// Page object of the kiosk's video selection screen: labels come from the shared catalogue, so a
// wording change is one edit there.
import type { Locator, Page } from 'playwright-core';
import { MESSAGES } from '@courtreplay/shared';

const M = MESSAGES.selection;
const G = MESSAGES.guards;

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
  homeButton = () => this.page.getByRole('button', { name: MESSAGES.folder.home, exact: true });
  /** The folder re-pick: acts only after a long press. */
  adminButton = () => this.page.getByRole('button', { name: MESSAGES.folder.admin });
  stillThere = () => this.page.getByRole('alertdialog', { name: G.stillThereTitle });
  stayButton = () => this.stillThere().getByRole('button', { name: G.stillThereStay });
  confirmClearCart = () => this.page.getByTestId('confirm-clear-cart');
  confirmLeave = () => this.page.getByTestId('confirm-leave');
  keepShopping = () => this.page.getByRole('alertdialog').getByRole('button', { name: G.keepShopping });

  staffPinPad = () => this.page.getByTestId('staff-pin');

  /** Types a PIN on the kiosk's pad and presses Unlock. */
  async enterStaffPin(pin: string) {
    const pad = this.staffPinPad();
    for (const digit of pin) await pad.getByRole('button', { name: digit, exact: true }).click();
    await pad.getByRole('button', { name: G.staffPinSubmit }).click();
  }

  /** Clear cart, then answers its question: yes clears, no keeps. */
  async clearCart(answer: 'yes' | 'no' = 'yes') {
    await this.clearCartButton().click();
    const dialog = this.confirmClearCart();
    await dialog.waitFor();
    await dialog.getByRole('button', { name: answer === 'yes' ? G.clearCartConfirm : G.keepShopping }).click();
    await dialog.waitFor({ state: 'detached' });
  }

  /** Home with a non-empty cart: the kiosk asks first; this answers 'Yes, go home'. */
  async goHomeClearingCart() {
    await this.homeButton().click();
    await this.confirmLeave().getByRole('button', { name: G.leaveConfirm }).click();
  }

  /** Holds the Admin button down until its bar is full, then lets go (the release opens the picker). */
  async longPressAdmin(via: 'pointer' | 'keyboard' = 'pointer') {
    const admin = this.adminButton();
    if (via === 'keyboard') {
      await admin.focus();
      await this.page.keyboard.down('Enter');
    } else {
      const box = (await admin.boundingBox())!;
      await this.page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
      await this.page.mouse.down();
    }
    // Real time for the hold to fill on a loaded machine; the tap that opens nothing is its own check.
    await this.page.locator('.long-press[data-state="ready"]').waitFor({ timeout: 30_000 });
    if (via === 'keyboard') await this.page.keyboard.up('Enter');
    else await this.page.mouse.up();
  }
  /** The bottom bar's price line: the total and the next tier's offer. */
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

// Page object of the kiosk checkout, its payment panel and the completion screen.
import jsQR from 'jsqr';
import type { Page } from 'playwright-core';
import { PNG } from 'pngjs';
import { MESSAGES } from '@courtreplay/shared';

const C = MESSAGES.checkout;

export class KioskCheckoutPage {
  constructor(readonly page: Page) {}

  title = () => this.page.getByRole('heading', { name: C.title });
  lines = () => this.page.getByTestId('order-line');
  subtotal = () => this.page.getByTestId('subtotal');
  discount = () => this.page.getByTestId('discount');
  total = () => this.page.getByTestId('total');
  promoInput = () => this.page.getByLabel('Promo code');
  email = () => this.page.getByLabel(C.email, { exact: true });
  payNow = () => this.page.getByRole('button', { name: C.payNow });
  back = () => this.page.getByRole('button', { name: C.back });
  error = () => this.page.getByTestId('checkout-error');
  paymentPanel = () => this.page.getByRole('region', { name: C.selectPaymentMethod });
  completed = () => this.page.getByTestId('purchase-completed');
  waiting = () => this.page.getByTestId('waiting-for-payment');
  connectionLost = () => this.page.getByTestId('connection-lost');
  outcome = () => this.page.getByTestId('outcome-message');
  progressLabel = () => this.page.getByTestId('progress-label');
  phoneQr = () => this.page.getByTestId('phone-qr');
  countdown = () => this.page.getByTestId('countdown');
  done = () => this.page.getByRole('button', { name: C.done, exact: true });
  // The WhatsApp number, its pad and consent, and where the clips went.
  /** By its id: the same field in either language. */
  phone = () => this.page.locator('#checkout-phone');
  phonePad = () => this.page.getByTestId('phone-pad');
  phoneConsent = () => this.page.getByRole('checkbox');
  phoneConfirm = () => this.page.getByTestId('phone-confirm');
  sentToWhatsapp = () => this.page.getByTestId('sent-to-whatsapp');
  sentTo = () => this.page.getByTestId('sent-to');

  /** Types digits on the on-screen pad, as a player's finger would. */
  async tapNumber(digits: string) {
    // A tap on the field opens its pad.
    if (!(await this.phonePad().isVisible())) await this.phone().click();
    for (const key of digits) await this.phonePad().getByRole('button', { name: key, exact: true }).click();
  }

  /** The address the QR code on screen encodes, read from a screenshot of it as a phone camera would. */
  async scanPhoneQr(): Promise<string | null> {
    const png = PNG.sync.read(await this.phoneQr().locator('.phone-qr-code').screenshot());
    return jsQR(new Uint8ClampedArray(png.data), png.width, png.height)?.data ?? null;
  }

  button(name: string) {
    return this.page.getByRole('button', { name, exact: true });
  }

  async applyPromo(code: string) {
    await this.promoInput().fill(code);
    await this.button(MESSAGES.promo.apply).click();
  }

  /** One of the payment simulator's buttons inside the embedded panel. */
  simulator(name: 'Simulate success' | 'Simulate pending' | 'Simulate failure' | 'Close') {
    return this.paymentPanel().getByRole('button', { name });
  }

  /** The simulator's 'Settle now', left in the page's corner once the waiting screen replaced its panel. */
  settleNow() {
    return this.page.getByTestId('payment-simulator-pending').getByRole('button', { name: 'Settle now' });
  }
}

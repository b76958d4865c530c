// The court's page /c/{courtCode} as the phone that marked its rallies shows it: the "Mark this
// moment" button and, below it, the phone's store (its rallies today, their previews, the pay bar).
import type { Page } from 'playwright-core';
import { MESSAGES } from '@courtreplay/shared';

const T = MESSAGES.store;

export class PhoneStorePage {
  constructor(readonly page: Page) {}

  open = (courtCode: string) => this.page.goto(`/c/${courtCode}`);
  markButton = () => this.page.getByRole('button', { name: MESSAGES.mark.button });
  answer = () => this.page.getByTestId('mark-answer');
  rallies = () => this.page.locator('#rallies li.rally');
  rally = (markId: number) => this.page.locator(`#rallies li[data-id="${markId}"]`);
  line = (markId: number) => this.rally(markId).locator('.line');
  tick = (markId: number) => this.rally(markId).getByRole('checkbox');
  preview = (markId: number) => this.rally(markId).locator('video');
  previewBadge = (markId: number) => this.rally(markId).locator('.badge');
  watch = (markId: number) => this.rally(markId).getByRole('link', { name: T.watch });
  total = () => this.page.locator('#total');
  payButton = () => this.page.locator('#pay-button');
  payMessage = () => this.page.locator('#pay-message');
  waitingOrder = () => this.page.locator('#order-text');
  venueNote = () => this.page.locator('#store-note');
  notifyForm = () => this.page.locator('#notify');
  emptyList = () => this.page.locator('#rallies li.line');

  /** Taps "Mark this moment" (the form posts; the page comes back with the answer). */
  async mark(): Promise<void> {
    await Promise.all([this.page.waitForURL(/\/mark$/), this.markButton().click()]);
  }

  /** How far a rally's preview has played: it plays by itself, muted and looping. */
  previewTime = (markId: number) => this.preview(markId).evaluate((video: HTMLVideoElement) => video.currentTime);

  /** Picks rallies and pays: the phone goes to the payment page (the simulator's, standing in for Snap's). */
  async pay(markIds: number[]): Promise<void> {
    for (const id of markIds) await this.tick(id).check();
    await Promise.all([this.page.waitForURL(/\/api\/payment\/simulator\/.+\/pay$/), this.payButton().click()]);
  }
}

/** The simulator's payment page (redirect mode): its buttons, then back to the phone's page. */
export async function simulatorPays(page: Page, outcome: 'Simulate success' | 'Close' = 'Simulate success'): Promise<void> {
  await Promise.all([page.waitForURL(/\/p\/[A-Za-z0-9_-]+/), page.getByRole('button', { name: outcome }).click()]);
}

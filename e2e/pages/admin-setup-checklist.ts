// The first-run checklist above the Transactions tab on a fresh install.
import type { Page } from 'playwright-core';
import { MESSAGES, type SetupStep } from '@courtreplay/shared';

const T = MESSAGES.setup;

export class AdminSetupChecklist {
  constructor(readonly page: Page) {}

  section = () => this.page.getByRole('region', { name: T.title });
  step = (key: SetupStep) => this.section().locator(`li[data-step="${key}"]`);
  progress = () => this.section().locator('p.muted');

  /** Which steps are ticked, in the list's order. */
  async ticked(): Promise<Record<string, boolean>> {
    const steps = await this.section()
      .locator('li')
      .evaluateAll((items) => items.map((li) => [li.getAttribute('data-step'), li.getAttribute('data-done') === 'true']));
    return Object.fromEntries(steps);
  }

  /** Presses the step's button that opens the tab where it is done. */
  open = (key: SetupStep) => this.step(key).getByRole('button').click();
}

// The Storage Quota tab.
import type { Page } from 'playwright-core';
import { MESSAGES } from '@courtreplay/shared';

const T = MESSAGES.storage;
const D = MESSAGES.dashboard;

export class AdminStorageTab {
  constructor(readonly page: Page) {}

  private panel = () => this.page.getByRole('tabpanel');
  bar = () => this.panel().getByRole('progressbar', { name: 'Storage used' });
  percent = () => this.panel().getByTestId('quota-percent');
  summary = () => this.panel().locator('.quota-summary');
  updated = () => this.panel().getByTestId('quota-updated');
  refresh = () => this.panel().getByRole('button', { name: T.refresh });
  text = (text: string) => this.panel().getByText(text, { exact: true });

  private question = () => this.panel().locator('.confirm-question');

  /** Clicks a clean-up and answers what it asks: the question it asked (with its count and size). */
  async clean(action: 'deleteOld' | 'emptyDrive', confirm: boolean): Promise<string> {
    await this.panel().getByRole('button', { name: T[action] }).click();
    const question = (await this.question().textContent()) ?? '';
    if (action === 'emptyDrive') {
      const deleteNow = this.panel().getByRole('button', { name: T.deleteNow, exact: true });
      if (!(await deleteNow.isDisabled())) throw new Error('Empty Drive could be confirmed without typing DELETE');
      if (confirm) {
        await this.panel().getByLabel(T.typeDelete).fill(T.typeDeleteWord);
        await deleteNow.click();
      } else {
        await this.panel().getByRole('button', { name: T.cancel }).click();
      }
      return question;
    }
    await this.panel()
      .getByRole('button', { name: confirm ? D.yes : D.no })
      .click();
    return question;
  }

  /** Clicks a clean-up that finds nothing to remove: what it said instead of asking. */
  async cleanNothing(action: 'deleteOld' | 'emptyDrive'): Promise<string> {
    await this.panel().getByRole('button', { name: T[action] }).click();
    const said = (await this.question().textContent()) ?? '';
    await this.panel().getByRole('button', { name: T.cancel }).click();
    return said;
  }
}

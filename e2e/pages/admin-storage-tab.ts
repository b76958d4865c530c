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

  async clean(action: 'deleteOld' | 'emptyDrive', confirm: boolean): Promise<string> {
    await this.panel().getByRole('button', { name: T[action] }).click();
    const question = (await this.panel().locator('.confirm-question').textContent()) ?? '';
    await this.panel()
      .getByRole('button', { name: confirm ? D.yes : D.no })
      .click();
    return question;
  }
}

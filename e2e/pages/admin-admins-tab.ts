// The Admins tab (super admins only).
import type { Page } from 'playwright-core';
import { MESSAGES } from '@courtreplay/shared';

const T = MESSAGES.admins;
const D = MESSAGES.dashboard;

export class AdminAdminsTab {
  constructor(readonly page: Page) {}

  private panel = () => this.page.getByRole('tabpanel');
  createButton = () => this.panel().getByRole('button', { name: T.createAdmin });
  row = (email: string) => this.panel().locator(`tr[data-email="${email}"]`);
  async headers(): Promise<string[]> {
    await this.panel().locator('thead').first().waitFor();
    return this.panel().locator('table').first().locator('thead th').allTextContents();
  }
  error = () => this.panel().getByRole('alert');

  async cells(email: string): Promise<string[]> {
    await this.row(email).waitFor();
    return this.row(email).locator('td').allTextContents();
  }

  async delete(email: string, confirm: boolean) {
    await this.row(email).getByRole('button', { name: 'Delete' }).click();
    await this.row(email).getByText(D.confirm).waitFor();
    await this.row(email)
      .getByRole('button', { name: confirm ? D.yes : D.no })
      .click();
  }
}

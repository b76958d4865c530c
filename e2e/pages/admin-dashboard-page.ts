// The dashboard frame: header, welcome line, Logout and the tab list.
import type { Page } from 'playwright-core';
import { MESSAGES, type DashboardTab } from '@courtreplay/shared';

const T = MESSAGES.dashboard;

export class AdminDashboardPage {
  constructor(readonly page: Page) {}

  title = () => this.page.getByRole('heading', { name: T.title, level: 1 });
  welcome = (email: string) => this.page.getByText(T.welcome(email));
  logoutButton = () => this.page.getByRole('button', { name: T.logout });
  tab = (key: DashboardTab) => this.page.getByRole('tab', { name: T.tabs[key], exact: true });
  panel = () => this.page.getByRole('tabpanel');

  async open(query = '') {
    await this.page.goto(`/admin/dashboard${query}`);
    await this.title().waitFor();
  }

  /** The visible tab labels, in order. */
  async tabNames(): Promise<string[]> {
    return this.page.getByRole('tab').allTextContents();
  }

  async activeTab(): Promise<string | null> {
    return this.panel().getAttribute('data-tab');
  }

  async openTab(key: DashboardTab) {
    await this.tab(key).click();
    await this.page.locator(`[role=tabpanel][data-tab="${key}"]`).waitFor();
  }
}

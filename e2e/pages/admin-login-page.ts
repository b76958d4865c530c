// The admin login screen (/admin/login). Labels come from the shared message catalogue, so a
// wording change is one edit there.
import type { Page } from 'playwright-core';
import { ADMIN_MESSAGES_EN, type AdminMessages } from '@courtreplay/shared';

export class AdminLoginPage {
  /** `words`: the catalogue of the language the page is expected in (English unless said). */
  constructor(
    readonly page: Page,
    readonly words: AdminMessages = ADMIN_MESSAGES_EN,
  ) {}

  title = () => this.page.getByRole('heading', { name: this.words.adminLogin.title });
  email = () => this.page.getByLabel(this.words.adminScreens.login.email);
  password = () => this.page.getByLabel(this.words.adminScreens.login.password);
  submitButton = () => this.page.getByRole('button', { name: this.words.adminLogin.login });
  error = () => this.page.getByRole('alert');

  async open() {
    await this.page.goto('/admin/login');
    await this.title().waitFor();
  }

  async login(email: string, password: string) {
    await this.email().fill(email);
    await this.password().fill(password);
    await this.submitButton().click();
  }
}

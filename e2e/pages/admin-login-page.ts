// The admin login screen (/admin/login). Labels come from the shared message catalogue, so a
// wording change is one edit there.
import type { Page } from 'playwright-core';
import { MESSAGES } from '@courtreplay/shared';

const T = MESSAGES.adminLogin;

export class AdminLoginPage {
  constructor(readonly page: Page) {}

  title = () => this.page.getByRole('heading', { name: T.title });
  email = () => this.page.getByLabel('Email');
  password = () => this.page.getByLabel('Password');
  submitButton = () => this.page.getByRole('button', { name: T.login });
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

// /admin/create: the Create Admin form.
import type { Page } from 'playwright-core';
import { MESSAGES } from '@courtreplay/shared';

const T = MESSAGES.createAdmin;

export class AdminCreatePage {
  constructor(readonly page: Page) {}

  heading = () => this.page.getByRole('heading', { name: 'Create Admin' });
  email = () => this.page.getByLabel(T.email, { exact: true });
  password = () => this.page.getByLabel(T.password, { exact: true });
  confirmPassword = () => this.page.getByLabel(T.confirmPassword, { exact: true });
  role = () => this.page.getByLabel(T.role, { exact: true });
  venue = () => this.page.getByLabel(T.venue, { exact: true });
  superAdminNote = () => this.page.getByText(T.superAdminNote);
  submit = () => this.page.getByRole('button', { name: 'Create Admin' });
  back = () => this.page.getByRole('button', { name: T.backToDashboard });
  error = () => this.page.getByRole('alert');

  async fill(input: { email: string; password: string; confirm?: string; role?: 'Admin' | 'Super Admin'; venue?: string }) {
    await this.email().fill(input.email);
    await this.password().fill(input.password);
    await this.confirmPassword().fill(input.confirm ?? input.password);
    await this.role().selectOption({ label: input.role ?? 'Admin' });
    if (input.venue) await this.venue().selectOption({ label: input.venue });
  }
}

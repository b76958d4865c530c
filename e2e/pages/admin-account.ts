// The dashboard header's 'Change password' form and the Admins tab's audit log section.
import type { Locator, Page } from 'playwright-core';
import { MESSAGES } from '@courtreplay/shared';

const T = MESSAGES.admins;

export class AdminAccountMenu {
  constructor(private readonly page: Page) {}

  form(): Locator {
    return this.page.getByRole('form', { name: T.changePassword });
  }

  async changePassword(current: string, next: string): Promise<void> {
    await this.page.locator('summary', { hasText: T.changePassword }).click();
    await this.form().getByLabel(T.currentPassword).fill(current);
    await this.form().getByLabel(T.newPassword).fill(next);
    await this.form().getByRole('button', { name: T.savePassword }).click();
  }

  notice(text: string): Locator {
    return this.form().getByText(text);
  }
}

export class AdminAuditLog {
  constructor(private readonly page: Page) {}

  section(): Locator {
    return this.page.getByRole('region', { name: T.auditTitle });
  }

  entry(action: string): Locator {
    return this.section().locator(`li[data-action="${action}"]`);
  }
}

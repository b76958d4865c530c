// The back-office's language switch, in the header of every back-office page
// and on the login page: one button per language, the one in use pressed.
import type { Page } from 'playwright-core';
import { KIOSK_LANGUAGE_NAMES, type AdminLanguage } from '@courtreplay/shared';

export class AdminLanguageSwitch {
  constructor(readonly page: Page) {}

  button = (language: AdminLanguage) => this.page.getByRole('button', { name: KIOSK_LANGUAGE_NAMES[language], exact: true });

  async choose(language: AdminLanguage) {
    await this.button(language).click();
    await this.page.locator(`.admin-language-switch button[lang="${language}"][aria-pressed="true"]`).waitFor();
  }

  /** The language whose button is pressed. */
  async current(): Promise<string | null> {
    return this.page.locator('.admin-language-switch button[aria-pressed="true"]').getAttribute('lang');
  }
}

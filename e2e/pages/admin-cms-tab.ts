// The CMS tab: three media uploads (the promo video's section also holds the portrait one) and the
// e-mail template editor, each in a collapsible section.
import type { Page } from 'playwright-core';
import { MESSAGES } from '@courtreplay/shared';

const T = MESSAGES.cms;
type Section = Exclude<keyof typeof T.sections, 'portraitPromoVideo'>;
type Media = Exclude<keyof typeof T.sections, 'emailTemplate'>;

export class AdminCmsTab {
  constructor(readonly page: Page) {}

  private panel = () => this.page.getByRole('tabpanel');
  toggle = (section: Section) => this.panel().getByRole('button', { name: T.sections[section], exact: true });
  form = (media: Media) => this.panel().getByRole('form', { name: T.sections[media], exact: true });
  emailForm = () => this.panel().getByRole('form', { name: 'Email template' });
  preview = () => this.panel().getByRole('article', { name: 'Email preview' });
  /** The previewed e-mail's HTML, in its sandboxed frame. */
  previewBody = () => this.preview().frameLocator('iframe[title="Email preview body"]');
  text = (text: string) => this.panel().getByText(text, { exact: true });

  async expanded(section: Section): Promise<boolean> {
    return (await this.toggle(section).getAttribute('aria-expanded')) === 'true';
  }

  async open(section: Section) {
    if (!(await this.expanded(section))) await this.toggle(section).click();
  }

  async upload(section: Media, file?: { name: string; mimeType: string; buffer: Buffer }) {
    const form = this.form(section);
    if (file) await form.locator('input[type=file]').setInputFiles(file);
    await form.getByRole('button', { name: 'Upload' }).click();
  }

  percent = (section: Media) => this.form(section).getByTestId('upload-percent');
}

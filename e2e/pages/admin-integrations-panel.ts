// The Integrations panel inside the Storage Quota tab: one card per integration.
import type { Page } from 'playwright-core';
import { MESSAGES, type IntegrationKindName } from '@courtreplay/shared';

const T = MESSAGES.integrations;

export class AdminIntegrationsPanel {
  constructor(readonly page: Page) {}

  card = (kind: IntegrationKindName) => this.page.getByRole('tabpanel').getByRole('region', { name: T.kinds[kind], exact: true });
  adapter = (kind: IntegrationKindName) => this.card(kind).getByTestId('integration-adapter');
  lastSuccess = (kind: IntegrationKindName) => this.card(kind).getByTestId('integration-last-success');
  lastError = (kind: IntegrationKindName) => this.card(kind).getByTestId('integration-last-error');
  result = (kind: IntegrationKindName) => this.card(kind).getByTestId('integration-test-result');
  browserUpload = (kind: IntegrationKindName) => this.card(kind).getByTestId('integration-browser-upload');

  /** Presses Test connection and waits for its result. */
  async test(kind: IntegrationKindName): Promise<{ ok: boolean; text: string }> {
    const answered = this.page.waitForResponse(`**/api/admin/integrations/${kind}/test`);
    await this.card(kind).getByRole('button', { name: T.test }).click();
    await answered;
    await this.card(kind).getByRole('button', { name: T.test }).waitFor();
    const first = this.result(kind).locator('p').first();
    return { ok: (await first.getAttribute('data-ok')) === 'true', text: (await first.textContent()) ?? '' };
  }
}

// The Errors tab ('Error Logs'): the error log's filters and rows.
import type { Page } from 'playwright-core';
import { MESSAGES, type ErrorKind, type ErrorStatus } from '@courtreplay/shared';

const T = MESSAGES.errorsTab;

export class AdminErrorsTab {
  constructor(readonly page: Page) {}

  private panel = () => this.page.getByRole('tabpanel');
  table = () => this.panel().getByRole('table', { name: T.table });
  /** The rows of one kind, newest first. */
  rows = (kind: ErrorKind) => this.table().locator(`tbody tr[data-kind="${kind}"]`);
  kind = () => this.panel().getByLabel(T.kindFilter);
  status = () => this.panel().getByLabel(T.statusFilter);
  resolve = (row: ReturnType<AdminErrorsTab['rows']>) => row.getByRole('button', { name: T.resolve });
  statusCell = (row: ReturnType<AdminErrorsTab['rows']>) => row.getByTestId('error-status');
  empty = () => this.panel().getByText(T.empty, { exact: true });
  async showStatus(status: ErrorStatus) {
    await this.status().selectOption(status);
  }
}

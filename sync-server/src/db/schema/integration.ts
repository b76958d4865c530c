/**
 * The last success and last error of each outside service (payments, storage, mail), one row per
 * kind (migration 011). Read by the Integrations panel.
 */
export interface IntegrationStatusTable {
  kind: string;
  lastSuccessAt: string | null;
  lastErrorAt: string | null;
  lastErrorMessage: string | null;
}

/**
 * Credential alerts (a revoked Google token, a wrong Midtrans key, a refused SMTP login): one row
 * per code, so each shows once in the Errors tab however often it recurs; resolved by the next
 * success of its integration.
 */
export interface IntegrationAlertTable {
  code: string;
  integration: string;
  message: string;
  advice: string;
  firstAt: string;
  lastAt: string;
  resolvedAt: string | null;
}

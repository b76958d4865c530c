// The Integrations panel (super admins): which adapter serves payments, storage and mail, its last
// success and last error, credential alerts, and a Test connection per integration.
import { z } from 'zod';

export const INTEGRATION_KINDS = ['payments', 'storage', 'mail'] as const;
export type IntegrationKindName = (typeof INTEGRATION_KINDS)[number];

export const CREDENTIAL_ALERT_CODES = ['google_invalid_grant', 'midtrans_unauthorized', 'smtp_auth_failed'] as const;

/** Server-side texts of this area: test results, alert advice, the test e-mail. */
export const INTEGRATION_MESSAGES = {
  unknownIntegration: 'Unknown integration: use payments, storage or mail',
  nothingToTest: (adapter: string) => `The ${adapter} adapter has no connection to test`,
  testFailed: (reason: string) => `The test failed: ${reason}`,
  simulatorActive: 'The payment simulator is active',
  outboxWritten: (file: string) => `SMTP is not configured: a test e-mail was written to ${file}`,
  smtpVerified: (to: string) => `The SMTP server accepted the login and a test e-mail to ${to}`,
  smtpRefusedLogin: 'The SMTP server refused the user name or password in SMTP_URL',
  smtpAuthAdvice:
    'Check the user name and password in SMTP_URL (percent-encode special characters; Gmail needs an app password with 2-step verification on), then restart the server. Purchase e-mails are retried for a day meanwhile.',
  smtpNoTls:
    'The SMTP server offers no STARTTLS, so the password was not sent. Use smtps:// (port 465) or a server with STARTTLS (port 587).',
  testMailSubject: (product: string) => `${product}: test e-mail`,
  testMailText: (product: string) => `This is a test e-mail from ${product}'s Integrations panel. SMTP works.`,
} as const;

export const integrationTestResultSchema = z.object({
  ok: z.boolean(),
  message: z.string(),
  details: z.record(z.string(), z.unknown()).optional(),
});
export type IntegrationTestResponse = z.infer<typeof integrationTestResultSchema>;

export const credentialAlertSchema = z.object({
  code: z.enum(CREDENTIAL_ALERT_CODES),
  integration: z.enum(INTEGRATION_KINDS),
  message: z.string(),
  advice: z.string(),
  firstAt: z.string(),
  lastAt: z.string(),
});
export type CredentialAlertView = z.infer<typeof credentialAlertSchema>;

export const integrationStatusSchema = z.object({
  kind: z.enum(INTEGRATION_KINDS),
  /** The active adapter: simulator | midtrans, local | google-drive, outbox | smtp. */
  adapter: z.string(),
  lastSuccessAt: z.string().nullable(),
  lastError: z.object({ message: z.string(), at: z.string() }).nullable(),
});
export type IntegrationStatusView = z.infer<typeof integrationStatusSchema>;

/** GET /api/admin/integrations (super admin). Alerts are the open ones, oldest first. */
export const integrationsResponseSchema = z.object({
  integrations: z.array(integrationStatusSchema),
  alerts: z.array(credentialAlertSchema),
});
export type IntegrationsResponse = z.infer<typeof integrationsResponseSchema>;

/** The one-chunk test upload the panel PUTs to a storage test's details.uploadUrl (256 KiB). */
export const STORAGE_TEST_CHUNK_BYTES = 256 * 1024;

// The Integrations panel (super admins): which adapter serves payments, storage and mail, its last
// success and last error, credential alerts, and a Test connection per integration.
import { z } from 'zod';

export const INTEGRATION_KINDS = ['payments', 'storage', 'mail', 'whatsapp'] as const;
export type IntegrationKindName = (typeof INTEGRATION_KINDS)[number];

export const CREDENTIAL_ALERT_CODES = [
  'google_invalid_grant',
  'midtrans_unauthorized',
  'smtp_auth_failed',
  'smtp_tls_failed',
  'google_sharing_restricted',
  'google_storage_full',
  's3_access_denied',
  'whatsapp_unauthorized',
  'whatsapp_configuration',
  'whatsapp_payment',
] as const;
export type CredentialAlertCode = (typeof CREDENTIAL_ALERT_CODES)[number];

/** Server-side texts of this area: test results, alert advice, the test e-mail. */
export const INTEGRATION_MESSAGES = {
  unknownIntegration: 'Unknown integration: use payments, storage, mail or whatsapp',
  nothingToTest: (adapter: string) => `The ${adapter} adapter has no connection to test`,
  testFailed: (reason: string) => `The test failed: ${reason}`,
  simulatorActive: 'The payment simulator is active',
  outboxWritten: (file: string) => `SMTP is not configured: a test e-mail was written to ${file}`,
  smtpVerified: (to: string) => `The SMTP server accepted the login and a test e-mail to ${to}`,
  smtpRefusedLogin: 'The SMTP server refused the user name or password in SMTP_URL',
  googleInvalidGrantAdvice:
    'Publish the OAuth app to Production in Google Cloud (a Testing app loses its refresh token after 7 days), then run `npm run drive:connect` again and set the new GOOGLE_REFRESH_TOKEN.',
  midtransUnauthorizedAdvice:
    'Check MIDTRANS_SERVER_KEY (production) or MIDTRANS_SERVER_KEY_SANDBOX (sandbox) against Settings > Access Keys in the Midtrans dashboard, then restart the server.',
  smtpAuthAdvice:
    'Check the user name and password in SMTP_URL (percent-encode special characters; Gmail needs an app password with 2-step verification on), then restart the server. Purchase e-mails are not retried meanwhile (a server may lock an account after repeated wrong logins): resend the ones listed in Errors once it works.',
  smtpCertificateUntrusted:
    "The SMTP server's certificate is not trusted (self-signed, from an unknown authority or expired), so nothing was sent. Install a certificate from a public authority on the mail server, or use the mail provider's own host name in SMTP_URL.",
  smtpCertificateMismatch:
    "The SMTP server's certificate names another host than SMTP_URL, so nothing was sent. Use the host name the certificate is made for (the mail provider's documented SMTP host) in SMTP_URL.",
  smtpImplicitTlsOnPlainPort:
    'SMTP_URL starts with smtps:// (TLS from the first byte), but the server at that port talks in clear first (STARTTLS, usually port 587): use smtp:// for that port, or smtps:// with port 465.',
  smtpPlainOnImplicitTlsPort:
    'SMTP_URL starts with smtp://, but the server at that port expects TLS from the first byte (usually port 465): use smtps:// for that port, or smtp:// with port 587.',
  smtpTlsFailed: 'The TLS connection to the SMTP server failed, so nothing was sent. Check the host and port in SMTP_URL.',
  smtpTlsAdvice:
    'Correct SMTP_URL (host, port and smtp:// or smtps://) and restart the server. Purchase e-mails are not retried meanwhile: resend the ones listed in Errors once it works.',
  smtpUnconfirmed: (purchaseId: string) =>
    `The SMTP server took the whole e-mail of purchase ${purchaseId} but never confirmed it. It was not sent again, so the player cannot get it twice; ask the player, and resend it from the purchase if it did not arrive.`,
  smtpNoTls:
    'The SMTP server offers no STARTTLS, so the password was not sent. Use smtps:// (port 465) or a server with STARTTLS (port 587).',
  driveSharingRestricted:
    'This Google Workspace does not allow sharing with anyone with the link: purchase folders stay private, and players get their clips through the phone page (the e-mail links it instead of the folder)',
  driveSharingAdvice:
    'Nothing is needed for delivery. To give players the Drive folder link too, let this account share outside the organisation (Google Admin console, Apps > Google Workspace > Drive and Docs > Sharing settings).',
  driveStorageFull: 'Google Drive is full (storageQuotaExceeded): new clips cannot be stored',
  driveStorageAdvice:
    'Free space in the Storage Quota tab (delete old files) or buy more Google storage; uploads work again at once, and the kiosks retry theirs.',
  driveWorks: (how: string) => `Google Drive works: a test folder was created and ${how}.`,
  s3Works: (bucket: string, region: string) =>
    `S3 storage works: a test object was written, read back and deleted in bucket ${bucket} (region ${region}).`,
  s3ProbeFailed: (bucket: string, reason: string) => `S3 storage test failed in bucket ${bucket}: ${reason}`,
  s3ProbeMismatch: 'the test object read back differs from what was written',
  s3AccessDeniedAdvice:
    'Check S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY, and that the key may put, get, list and delete objects under S3_PREFIX in S3_BUCKET; then restart the server. Kiosks keep their clips and retry.',
  s3CorsOk: (origin: string) => `CORS: the bucket lets ${origin} PUT and read the ETag.`,
  s3CorsMissing: 'CORS: the bucket has no CORS rule, so kiosks cannot upload to it. Add the rule shown in docs/s3-storage.md.',
  s3CorsIncomplete: (origin: string, missing: string) =>
    `CORS: no rule of the bucket lets ${origin} upload (${missing}). Fix the rule as docs/s3-storage.md shows.`,
  s3CorsUnknown: (reason: string) =>
    `CORS: the server does not tell its CORS rules (${reason}); MinIO allows every origin by default. Check one kiosk upload.`,
  whatsappOutbox: (dir: string) => `WHATSAPP=outbox: messages are written as JSON files to ${dir}; nothing is sent`,
  whatsappOff: 'WhatsApp is off (WHATSAPP=off, or no Cloud API variables in production)',
  whatsappWorks: (name: string, number: string) => `The Cloud API accepted the token: phone number ${number} (${name})`,
  whatsappUnauthorized: 'The Cloud API refused WHATSAPP_ACCESS_TOKEN (expired, revoked or without whatsapp_business_messaging)',
  whatsappUnauthorizedAdvice:
    'Create a permanent System User token with whatsapp_business_messaging and whatsapp_business_management (Meta Business Settings > System users), put it in WHATSAPP_ACCESS_TOKEN and restart. Messages that failed meanwhile are listed in Errors: resend them once it works.',
  whatsappUnconfirmed: (purchaseId: string) =>
    `The WhatsApp message of purchase ${purchaseId} was handed to the Cloud API but never confirmed. It was not sent again, so the player cannot get it twice; Errors lists it if no delivery status comes within 10 minutes.`,
  whatsappInterrupted: 'The server stopped while this message was being handed to WhatsApp, so whether it went out is unknown',
  whatsappNoAnswer: (reason: string) => `WhatsApp did not answer, so whether the message went out is unknown (${reason})`,
  whatsappConfigurationAdvice:
    'Check WHATSAPP_PHONE_NUMBER_ID (the id of the phone number under WhatsApp Manager > Phone numbers, not the number itself) and WHATSAPP_TEMPLATE, then restart the server and press Test connection. Messages that failed meanwhile are listed in Errors: resend them once it works.',
  whatsappPayment: 'The WhatsApp Business account has a payment problem (131042): Meta sends no template message until it is fixed',
  whatsappPaymentAdvice:
    'Add or fix the payment method in Meta Business Settings > WhatsApp accounts > (this account) > Payment settings, or in WhatsApp Manager > Overview; then resend the messages listed in Errors.',
  whatsappUnknownNumberId: (id: string) => `The Cloud API does not know WHATSAPP_PHONE_NUMBER_ID ${id}, or this token may not use it`,
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

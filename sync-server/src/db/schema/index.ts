// The Kysely database interface: one file per table beside this one, combined here.
// Tables are snake_case, columns camelCase. Times are ISO 8601 UTC strings (sortable as text);
// booleans are integers 0/1 (portable to PostgreSQL integer columns).
import type { AdminTable } from './admin.ts';
import type { ConfigEntryTable } from './config-entry.ts';
import type { DeviceTable } from './device.ts';
import type { FieldTable } from './field.ts';
import type { CourtMarkTable } from './court-mark.ts';
import type { RecorderAlertTable, RecorderCameraTable, RecorderOutageTable, RecorderTable } from './recorder.ts';
import type { IssuedPhoneTokenTable } from './issued-phone-token.ts';
import type { EmailResendTable } from './email-resend.ts';
import type { LoginAttemptTable } from './login-attempt.ts';
import type { PromoCodeTable } from './promo-code.ts';
import type { SessionTable } from './session.ts';
import type { VenueTable } from './venue.ts';
import type { StorageFolderTable } from './storage-folder.ts';
import type { PurchaseClipFileTable } from './purchase-clip-file.ts';
import type { StaffPinTable } from './staff-pin.ts';
import type { UploadSessionTable } from './upload-session.ts';
import type { SalesDailyAllTable, SalesDailyTable, SalesMonthlyTable } from './sales-daily.ts';
import type { IdempotencyKeyTable, PurchaseCounterTable, PurchaseTable } from './purchase-tables.ts';
import type { ParkedPurchaseTable, UploadProgressTable } from './kiosk-reports.ts';
import type { IntegrationAlertTable, IntegrationStatusTable } from './integration.ts';
import type { PurchaseEventTable } from './purchase-event.ts';
import type { AuditLogTable } from './audit-log.ts';
import type { ErrorResolutionTable } from './error-resolution.ts';
import type { ServerSecretTable, SimulatorOrderTable } from './shared-state.ts';
import type { VenueConfigEntryTable } from './venue-config-entry.ts';
import type { PurchaseCourtTable, SalesCourtDailyTable, SalesCourtMonthlyTable } from './purchase-court.ts';
import type {
  MarkClaimTable,
  MarkClipTable,
  MarkFileTable,
  MarkNoticeTable,
  PhoneOpenOrderTable,
  PurchaseMarkTable,
} from './phone-store.ts';

export type { AdminRole, AdminTable } from './admin.ts';
export type { ConfigEntryTable } from './config-entry.ts';
export type { VenueConfigEntryTable } from './venue-config-entry.ts';
export type { PurchaseCourtTable, SalesCourtDailyTable, SalesCourtMonthlyTable } from './purchase-court.ts';
export type { DeviceTable } from './device.ts';
export type { FieldTable } from './field.ts';
export type { CourtMarkTable } from './court-mark.ts';
export type { IssuedPhoneTokenTable } from './issued-phone-token.ts';
export type { EmailResendTable } from './email-resend.ts';
export type { LoginAttemptTable } from './login-attempt.ts';
export type { PromoCodeTable } from './promo-code.ts';
export type { IdempotencyKeyTable } from './purchase-tables.ts';
export type { SessionTable } from './session.ts';
export type { VenueTable } from './venue.ts';
export type { PurchaseClipFileTable } from './purchase-clip-file.ts';
export type * from './purchase-tables.ts';
export type { IntegrationAlertTable, IntegrationStatusTable } from './integration.ts';
export type { AuditLogTable } from './audit-log.ts';
export type { ErrorResolutionTable } from './error-resolution.ts';
export type { ServerSecretTable, SimulatorOrderTable } from './shared-state.ts';
export type { PurchaseEventKind, PurchaseEventTable } from './purchase-event.ts';
export type * from './phone-store.ts';

export interface Database {
  admins: AdminTable;
  sessions: SessionTable;
  venues: VenueTable;
  fields: FieldTable;
  court_marks: CourtMarkTable;
  recorders: RecorderTable;
  recorder_cameras: RecorderCameraTable;
  recorder_outages: RecorderOutageTable;
  recorder_alerts: RecorderAlertTable;
  issued_phone_tokens: IssuedPhoneTokenTable;
  devices: DeviceTable;
  promo_codes: PromoCodeTable;
  config_entries: ConfigEntryTable;
  venue_config_entries: VenueConfigEntryTable;
  login_attempts: LoginAttemptTable;
  purchases: PurchaseTable;
  purchase_counters: PurchaseCounterTable;
  idempotency_keys: IdempotencyKeyTable;
  parked_purchases: ParkedPurchaseTable;
  upload_progress: UploadProgressTable;
  integration_status: IntegrationStatusTable;
  integration_alerts: IntegrationAlertTable;
  email_resends: EmailResendTable;
  upload_sessions: UploadSessionTable;
  storage_folders: StorageFolderTable;
  purchase_clip_files: PurchaseClipFileTable;
  staff_pins: StaffPinTable;
  sales_daily: SalesDailyTable;
  sales_monthly: SalesMonthlyTable;
  sales_daily_all: SalesDailyAllTable;
  purchase_courts: PurchaseCourtTable;
  sales_court_daily: SalesCourtDailyTable;
  sales_court_monthly: SalesCourtMonthlyTable;
  purchase_events: PurchaseEventTable;
  audit_log: AuditLogTable;
  error_resolutions: ErrorResolutionTable;
  server_secrets: ServerSecretTable;
  simulator_orders: SimulatorOrderTable;
  mark_clips: MarkClipTable;
  mark_files: MarkFileTable;
  mark_claims: MarkClaimTable;
  purchase_marks: PurchaseMarkTable;
  phone_open_orders: PhoneOpenOrderTable;
  mark_notices: MarkNoticeTable;
}

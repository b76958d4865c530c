import type { Migration } from 'kysely';
import { init001 } from './001-init.ts';
import { purchases002 } from './002-purchases.ts';
import { emailDeliveries003 } from './003-email-deliveries.ts';
import { kioskReports004 } from './004-kiosk-reports.ts';
import { purchaseFolderUrl005 } from './005-purchase-folder-url.ts';
import { deviceStaging006 } from './006-device-staging.ts';
import { emailResends008 } from './008-email-resends.ts';
import { idempotencyOutcome007 } from './007-idempotency-outcome.ts';
import { mailRetryAndIntegrations011 } from './011-mail-retry-and-integrations.ts';
import { storageFolders012 } from './012-storage-folders.ts';
import { paymentReconciliation009 } from './009-payment-reconciliation.ts';
import { uploadSessions010 } from './010-upload-sessions.ts';
import { staffPins013 } from './013-staff-pins.ts';
import { venueLanguage014 } from './014-venue-language.ts';
import { phonePage015 } from './015-phone-page.ts';
import { deviceHealth016 } from './016-device-health.ts';
import { purchaseEvents017 } from './017-purchase-events.ts';
import { salesDaily018 } from './018-sales-daily.ts';
import { accountsAudit019 } from './019-accounts-audit.ts';
import { emailSearch021 } from './021-email-search.ts';
import { promoSchedule022 } from './022-promo-schedule.ts';
import { errorLog023 } from './023-error-log.ts';
import { mustChangePassword024 } from './024-must-change-password.ts';
import { postgresBigints025 } from './025-postgres-bigints.ts';
import { sharedState026 } from './026-shared-state.ts';
import { venuePrices027 } from './027-venue-prices.ts';
import { clipCourts028 } from './028-clip-courts.ts';
import { purchaseClipFiles029 } from './029-purchase-clip-files.ts';
import { loginAttemptReservations030 } from './030-login-attempt-reservations.ts';
import { uploadSessionOwner031 } from './031-upload-session-owner.ts';
import { adminLanguage032 } from './032-admin-language.ts';
import { whatsapp033 } from './033-whatsapp.ts';
import { courtMarks035 } from './035-court-marks.ts';
import { whatsappDoubts036 } from './036-whatsapp-doubts.ts';
import { cameraUrls045 } from './045-camera-urls.ts';
import { recorders046 } from './046-recorders.ts';
import { markClipStates063 } from './063-mark-clip-states.ts';
import { clipCourtList050 } from './050-clip-court-list.ts';
import { issuedPhoneTokens056 } from './056-issued-phone-tokens.ts';
import { phoneStore064 } from './064-phone-store.ts';
import { outageReasons066 } from './066-outage-reasons.ts';
import { cameraSubStreams067 } from './067-camera-sub-streams.ts';

// Numbered migrations, never edited once landed; add a new file for every change.
export const migrations: Record<string, Migration> = {
  '001-init': init001,
  '002-purchases': purchases002,
  '003-email-deliveries': emailDeliveries003,
  '004-kiosk-reports': kioskReports004,
  '005-purchase-folder-url': purchaseFolderUrl005,
  '006-device-staging': deviceStaging006,
  '007-idempotency-outcome': idempotencyOutcome007,
  '008-email-resends': emailResends008,
  '009-payment-reconciliation': paymentReconciliation009,
  '010-upload-sessions': uploadSessions010,
  '011-mail-retry-and-integrations': mailRetryAndIntegrations011,
  '012-storage-folders': storageFolders012,
  '013-staff-pins': staffPins013,
  '014-venue-language': venueLanguage014,
  '015-phone-page': phonePage015,
  '016-device-health': deviceHealth016,
  '017-purchase-events': purchaseEvents017,
  '018-sales-daily': salesDaily018,
  '019-accounts-audit': accountsAudit019,
  '021-email-search': emailSearch021,
  '022-promo-schedule': promoSchedule022,
  '023-error-log': errorLog023,
  '024-must-change-password': mustChangePassword024,
  '025-postgres-bigints': postgresBigints025,
  '026-shared-state': sharedState026,
  '027-venue-prices': venuePrices027,
  '028-clip-courts': clipCourts028,
  '029-purchase-clip-files': purchaseClipFiles029,
  '030-login-attempt-reservations': loginAttemptReservations030,
  '031-upload-session-owner': uploadSessionOwner031,
  '032-admin-language': adminLanguage032,
  '033-whatsapp': whatsapp033,
  '035-court-marks': courtMarks035,
  '036-whatsapp-doubts': whatsappDoubts036,
  '045-camera-urls': cameraUrls045,
  '046-recorders': recorders046,
  '050-clip-court-list': clipCourtList050,
  '056-issued-phone-tokens': issuedPhoneTokens056,
  '063-mark-clip-states': markClipStates063,
  '064-phone-store': phoneStore064,
  '066-outage-reasons': outageReasons066,
  '067-camera-sub-streams': cameraSubStreams067,
};

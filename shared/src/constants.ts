// The business constants and limits of spec section 9 (and the few numbers sections 2 and 4 add).
// Durations are in milliseconds unless the name says seconds (countdowns shown to the user).

// ---------------------------------------------------------------- kiosk: selection
export const MAX_VIDEOS_PER_PURCHASE = 6;
export const VIDEOS_PER_PAGE = 15;
/** On page 1, the first 9 videos sit under 'Recent Videos', the rest under 'Older Videos'. */
export const RECENT_VIDEOS_COUNT = 9;
export const VIDEO_FILE_EXTENSIONS = ['.mp4', '.mov', '.webm'] as const;
/** The local user every Video record carries (spec section 3: "a constant local user"). */
export const LOCAL_USER_ID = 'local-user';

// ---------------------------------------------------------------- kiosk: timings
export const INACTIVITY_TIMEOUT_MS = 60_000;
/** How long 'Still there?' waits for an answer before the 60 s rule goes home. */
export const STILL_THERE_SECONDS = 10;
/** How long staff hold the Admin button before the folder re-pick opens. */
export const STAFF_LONG_PRESS_MS = 2_000;
export const LOADING_MIN_DISPLAY_MS = 3_000;
export const LOADING_SAFETY_TIMEOUT_MS = 20_000;
/** The page reloads when the loading screen comes back more than this many times. */
export const LOADING_MAX_CYCLES = 3;
export const FOLDER_RELOAD_CHECK_MS = 15_000;
export const MAX_VIDEOS_NOTICE_MS = 3_000;
export const DURATION_PROBE_TIMEOUT_MS = 2_000;
export const THUMBNAIL_PROBE_TIMEOUT_MS = 3_000;
export const PAY_FORM_DELAY_MS = 500;
export const LOGO_FADE_IN_MS = 500;
export const SUCCESS_PAGE_COUNTDOWN_SECONDS = 15;
/** Every other countdown (checkout success panel, gateway skipped). */
export const COUNTDOWN_SECONDS = 10;
/** The completion screen's countdown while it shows the phone page's QR code: time to scan it. */
export const PHONE_QR_COUNTDOWN_SECONDS = 30;
export const FAILURE_REDIRECT_SECONDS = 10;
export const PAYMENT_PANEL_HEIGHT_PX = 700;

// ---------------------------------------------------------------- the phone page
/**
 * The token of a purchase's phone page /p/{token}: at least 22 base64url characters (128 random
 * bits and more). The kiosk draws it and the server checks its form.
 */
export const PHONE_TOKEN_PATTERN = /^[A-Za-z0-9_-]{22,64}$/;

// ---------------------------------------------------------------- kiosk: thumbnails
export const THUMBNAIL_WIDTH = 135;
export const THUMBNAIL_HEIGHT = 240;
export const THUMBNAIL_MIME_TYPE = 'image/jpeg';
export const THUMBNAIL_QUALITY = 0.7;
/** Thumbnails whose data-URL text is longer than this ("about 200 KB") are not cached. */
export const THUMBNAIL_CACHE_MAX_CHARS = 200 * 1024;
/** A dark-looking first frame is retried at these fractions of the duration, in order. */
export const DARK_FRAME_RETRY_FRACTIONS = [0.2, 0.5] as const;

// ---------------------------------------------------------------- kiosk: screen and device
export const KIOSK_SCREEN_WIDTH = 1080;
export const KIOSK_SCREEN_HEIGHT = 1920;
export const DEVICE_COOKIE_MAX_AGE_SECONDS = 365 * 24 * 60 * 60;

// ---------------------------------------------------------------- checkout progress (spec 4)
export const CHECKOUT_PROGRESS = {
  preparing: 10,
  uploading: 40,
  finalizing: 90,
  completed: 100,
} as const;

// ---------------------------------------------------------------- uploads of a purchase
export const UPLOAD_FOLDER_NAME_PATTERN = 'videos_{date}_{time}_{n}videos';
export const UPLOAD_NAME_MAX_LENGTH = 50;
/** Local file matching for "resend" (spec 4): candidates below this score are not a match. */
export const FILE_MATCH_CONFIDENCE_THRESHOLD = 60;
/** Venues are in Indonesia; dates in folder names and on screen use this zone. */
export const VENUE_TIME_ZONE = 'Asia/Jakarta';

// ---------------------------------------------------------------- pricing and promo
export const DEFAULT_PRICE_FALLBACK = 1000;
export const PROMO_CODE_LENGTH = 6;
export const PROMO_CODE_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';
export const BUNDLING_QUANTITY_MIN = 1;
export const BUNDLING_QUANTITY_MAX = 6;

// ---------------------------------------------------------------- back-office
export const TRANSACTIONS_PAGE_SIZE = 25;
export const TRANSACTIONS_EXPORT_LIMIT = 10_000;
export const VIDEO_TITLES_TRUNCATE_LENGTH = 30;
export const EXPORT_SHEET_NAME = 'Transactions';
export const EXPORT_COLUMNS = [
  'ID',
  'Email',
  'Video Count',
  'Video Titles',
  'Amount',
  'Payment Status',
  'Email Status',
  'Date',
  'Venue',
  'Court',
  'Promo Code',
  'ZIP URL',
  // Added at the end, so the spec's columns keep their places.
  'Staging',
  'Discount',
  // The WhatsApp number (E.164) and its message's outcome.
  'WhatsApp',
  'WhatsApp Status',
  // Where it was sold: a kiosk, or the phone that marked its rallies.
  'Sold On',
] as const;
/**
 * The export's second sheet: one row per clip, with the court it was filmed on and its share of the
 * purchase's amount (the shares of a purchase add up to its Amount).
 */
export const EXPORT_CLIP_SHEET_NAME = 'Clips';
export const EXPORT_CLIP_COLUMNS = ['ID', 'Clip', 'Video Title', 'Court', 'Amount'] as const;
/**
 * The Excel number format of Amount and Discount: the number stays a number (an accountant sums it)
 * and reads 'Rp 25.000' whatever the reader's locale (the dots are literal, not the locale's
 * thousands separator).
 */
export const EXPORT_RUPIAH_FORMAT = '[>=1000000]"Rp "#"."###"."###;[>=1000]"Rp "#"."###;"Rp "0';
export const EXPORT_DATE_FORMAT = 'dd/mm/yyyy hh:mm';
export const EXPORT_MESSAGE_MS = 3_000;
export const RESEND_MESSAGE_MS = 5_000;
export const ADMIN_ROLES = ['admin', 'superadmin'] as const;
export type AdminRole = (typeof ADMIN_ROLES)[number];

// ---------------------------------------------------------------- uploads and storage
export const BYTES_PER_MB = 1_048_576;
export const PROMO_VIDEO_MAX_BYTES = 100 * BYTES_PER_MB;
export const BACKGROUND_IMAGE_MAX_BYTES = 10 * BYTES_PER_MB;
export const WATERMARK_MAX_BYTES = 5 * BYTES_PER_MB;
export const OLD_FILE_THRESHOLD_DAYS = 2;
/** Quota bar: green up to 70 %, amber above 70 %, red above 90 %. */
export const QUOTA_AMBER_ABOVE_PERCENT = 70;
export const QUOTA_RED_ABOVE_PERCENT = 90;

/** Dashboard tab keys (spec section 2); `?tab=` selects admins, devices or venues on load. */
export const DASHBOARD_TABS = [
  'transactions',
  'admins',
  'devices',
  'productManagement',
  'productDevManagement',
  'venueManagement',
  'cmsManagement',
  'errors',
  'storageQuota',
] as const;
export type DashboardTab = (typeof DASHBOARD_TABS)[number];

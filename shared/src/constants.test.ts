import { describe, expect, it } from 'vitest';
import * as c from './constants.ts';

// Spec section 9, one row per item: a changed number fails here first.
describe('business constants (spec section 9)', () => {
  it.each([
    ['MAX_VIDEOS_PER_PURCHASE', 6],
    ['VIDEOS_PER_PAGE', 15],
    ['RECENT_VIDEOS_COUNT', 9],
    ['INACTIVITY_TIMEOUT_MS', 60_000],
    ['LOADING_MIN_DISPLAY_MS', 3_000],
    ['LOADING_SAFETY_TIMEOUT_MS', 20_000],
    ['LOADING_MAX_CYCLES', 3],
    ['FOLDER_RELOAD_CHECK_MS', 15_000],
    ['MAX_VIDEOS_NOTICE_MS', 3_000],
    ['DURATION_PROBE_TIMEOUT_MS', 2_000],
    ['THUMBNAIL_PROBE_TIMEOUT_MS', 3_000],
    ['THUMBNAIL_WIDTH', 135],
    ['THUMBNAIL_HEIGHT', 240],
    ['THUMBNAIL_MIME_TYPE', 'image/jpeg'],
    ['THUMBNAIL_QUALITY', 0.7],
    ['THUMBNAIL_CACHE_MAX_CHARS', 204_800],
    ['SUCCESS_PAGE_COUNTDOWN_SECONDS', 15],
    ['COUNTDOWN_SECONDS', 10],
    ['FAILURE_REDIRECT_SECONDS', 10],
    ['PAY_FORM_DELAY_MS', 500],
    ['LOGO_FADE_IN_MS', 500],
    ['PAYMENT_PANEL_HEIGHT_PX', 700],
    ['KIOSK_SCREEN_WIDTH', 1080],
    ['KIOSK_SCREEN_HEIGHT', 1920],
    ['DEVICE_COOKIE_MAX_AGE_SECONDS', 31_536_000],
    ['UPLOAD_FOLDER_NAME_PATTERN', 'videos_{date}_{time}_{n}videos'],
    ['UPLOAD_NAME_MAX_LENGTH', 50],
    ['FILE_MATCH_CONFIDENCE_THRESHOLD', 60],
    ['VENUE_TIME_ZONE', 'Asia/Jakarta'],
    ['DEFAULT_PRICE_FALLBACK', 1000],
    ['PROMO_CODE_LENGTH', 6],
    ['PROMO_CODE_ALPHABET', 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789'],
    ['BUNDLING_QUANTITY_MIN', 1],
    ['BUNDLING_QUANTITY_MAX', 6],
    ['TRANSACTIONS_PAGE_SIZE', 25],
    ['TRANSACTIONS_EXPORT_LIMIT', 10_000],
    ['VIDEO_TITLES_TRUNCATE_LENGTH', 30],
    ['EXPORT_SHEET_NAME', 'Transactions'],
    ['EXPORT_MESSAGE_MS', 3_000],
    ['RESEND_MESSAGE_MS', 5_000],
    ['BYTES_PER_MB', 1_048_576],
    ['PROMO_VIDEO_MAX_BYTES', 104_857_600],
    ['BACKGROUND_IMAGE_MAX_BYTES', 10_485_760],
    ['WATERMARK_MAX_BYTES', 5_242_880],
    ['OLD_FILE_THRESHOLD_DAYS', 2],
    ['QUOTA_AMBER_ABOVE_PERCENT', 70],
    ['QUOTA_RED_ABOVE_PERCENT', 90],
  ] as const)('%s = %s', (name, value) => {
    expect(c[name]).toBe(value);
  });

  it.each([
    ['VIDEO_FILE_EXTENSIONS', ['.mp4', '.mov', '.webm']],
    ['DARK_FRAME_RETRY_FRACTIONS', [0.2, 0.5]],
    ['ADMIN_ROLES', ['admin', 'superadmin']],
    ['CHECKOUT_PROGRESS', { preparing: 10, uploading: 40, finalizing: 90, completed: 100 }],
    [
      'EXPORT_COLUMNS',
      [
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
        'Staging',
        'Discount',
      ],
    ],
    [
      'DASHBOARD_TABS',
      [
        'transactions',
        'admins',
        'devices',
        'productManagement',
        'productDevManagement',
        'venueManagement',
        'cmsManagement',
        'errors',
        'storageQuota',
      ],
    ],
  ] as const)('%s', (name, value) => {
    expect(c[name]).toEqual(value);
  });
});

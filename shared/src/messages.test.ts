import { describe, expect, it } from 'vitest';
import { MESSAGES, stagingVariant } from './messages.ts';

const stringLeaves = (value: unknown): string[] => {
  if (typeof value === 'string') return [value];
  if (Array.isArray(value)) return value.flatMap(stringLeaves);
  if (typeof value === 'object' && value !== null) {
    return Object.values(value).flatMap(stringLeaves);
  }
  return [];
};
const catalogue = new Set(stringLeaves(MESSAGES));

// Every fixed text quoted by spec sections 2, 4, 5 and 8, copied from the spec.
const SPEC_TEXTS = [
  // section 2
  'Checking device authorization...',
  'Browse Videos',
  'Please call our staff for assistance',
  'Home',
  'Admin',
  'Preparing Your Videos',
  'This will take just a moment',
  'Your Videos',
  'Recent Videos',
  'Older Videos',
  'Checkout',
  'No Videos Found',
  "The selected folder doesn't contain any video files",
  'Complete Your Purchase',
  'Apply',
  'Reapply',
  'Remove',
  'Pay Now',
  'Select Payment Method',
  'Purchase Completed!',
  'Payment Successful',
  'Thank You!',
  'Transaction ID',
  'Payment Failed',
  'Payment Not Completed',
  'Try Again',
  'Admin Portal',
  'Login',
  'Logging in...',
  'Admin Dashboard',
  'Logout',
  'Transactions',
  'Devices',
  'Admins',
  'Product',
  'Product - Staging',
  'Venues',
  'CMS',
  'Errors',
  'Storage Quota',
  'Reset Filters',
  'Export to Excel',
  'No transactions found. Try adjusting your filters.',
  'You do not have permission to view this page.',
  'No venues assigned',
  'Are you sure?',
  'Yes',
  'No',
  'Create Admin',
  'No admins found',
  'Reset and Sync Device ID',
  'All Venues',
  'Authorized',
  'Unauthorized',
  'Authorize',
  'Deauthorize',
  'Delete',
  'No devices found',
  '+ Add Venue',
  'Venue Name',
  'Location',
  'Edit',
  'Save',
  'Cancel',
  '+ Add Court',
  'No venues available.',
  'Promo Video',
  'Background Image',
  'Watermark Image',
  'Email Template Settings',
  'Error Logs',
  'Refresh',
  'Delete Files > 2 Days',
  'Empty Drive',
  'Email',
  'Password',
  'Confirm Password',
  'Role',
  'Super Admin',
  'Venue',
  'Super Admins have access to all venues',
  'Back to Dashboard',
  // section 4
  'Loading took too long. Please try again.',
  'Maximum of 6 videos can be selected',
  'Preparing videos',
  'Uploading videos',
  'Finalizing transaction',
  'Completed',
  'Completed (without upload)',
  'Completed (update failed)',
  'Error processing videos',
  'Your videos are being prepared and will be sent to your email shortly.',
  'Payment completed! Your videos will be sent to your email shortly.',
  'Payment is pending. Your videos will be sent to your email once payment is confirmed.',
  'Not set',
  'Sending...',
  'Email resent successfully',
  'No stored folder found. Please use the Video Selection page first to select a folder.',
  'No video information found for this transaction',
  'No matching videos found in the selected folder',
  'Failed to upload videos. Please try again.',
  'Videos found, uploaded, and email sent successfully',
  'Error processing videos. Please try again.',
  // section 5
  'Please enter a valid email address',
  'Please enter a promo code',
  'Invalid or expired promo code',
  'Promo has ended or you entered a wrong code.',
  'Promo name is required',
  'Promo code is required',
  'Amount must be greater than 0',
  'Percentage must be greater than 0',
  'Percentage cannot be greater than 100%',
  'A promo code with this code already exists',
  'Please enter a valid price',
  'Please enter a valid price (0 or greater)',
  'Please configure at least one bundling promo',
  'Please enter both email and password',
  'Login failed',
  'Login failed. Please check your credentials.',
  'Venue selection is required',
  'This feature requires Chrome or Edge browser',
  'Please fill in all required fields.',
  'Venue name cannot be empty',
  'Please select a venue first.',
  'Please select a valid video file',
  'Video file size must be less than 100MB',
  'Please select a video file to upload',
  'Please select a valid image file (JPEG, PNG, or WebP)',
  'Image file size must be less than 10MB',
  'Please select an image file to upload',
  'Please select a valid PNG image for the watermark to support transparency',
  'Watermark file size must be less than 5MB',
  'Please select a PNG image to upload as watermark',
  'Email and password fields are required',
  'Please select a venue for this admin',
  'Passwords do not match',
  // section 8
  'Could not read the folder contents',
  'No video files found in the selected folder',
  'Failed to load videos from the selected folder',
  'Permission not granted for the selected folder',
  'Folder selection was cancelled',
  'Failed to access the folder',
  'An unexpected error occurred',
  'Payment system is not properly configured. Please contact support.',
  'Failed to load payment system. Please try again later.',
  'Failed to load payment form. Please try again later.',
  'Payment initialization failed. Please try again later.',
  'Payment cancelled. You can try again later.',
  'Failed to load admins',
  'Failed to delete admin',
  'Failed to load devices',
  'Failed to delete device',
  'Failed to update device authorization',
  'Failed to register device',
  'Failed to load fields',
  'Failed to get device ID. Please try again.',
  'Failed to sync device ID. Please try again.',
  'Failed to load promo codes',
  'Failed to delete promo code',
  'Failed to save promo code',
  'Failed to load configurations',
  'Failed to update price',
  'Failed to update payment gateway status',
  'Failed to update bundling promo',
  'Failed to load venues. Please try again.',
  'Cannot enable payment gateway when price is set to 0. Please set a price greater than 0 first.',
  'Failed to update venue. Please try again.',
  'Failed to delete venue. Please try again.',
  'Failed to create venue. Please try again.',
  'No response received from server. Please check your connection and try again.',
  'The stored email configuration is invalid. Default values will be used.',
  'Failed to load email configuration. Please try again.',
  'Failed to save email configuration. Please try again.',
  'Failed to fetch storage quota information',
  'Failed to fetch storage quota. Please try again.',
  'Failed to delete old files. Please try again.',
  'Failed to empty Google Drive. Please try again.',
  'You are not logged in. Please log in again.',
  'Failed to load transactions. Please try again.',
  'Failed to fetch transactions for export. Please try again.',
  'No transactions to export.',
  'Failed to export transactions. Please try again.',
  'Failed to resend email',
  'Failed to create admin account',
  'Promo code deleted successfully',
];

// The spec's Venues texts that say field: the Venues tab says court, as every other screen does.
const COURT_TEXTS = [
  'Court Name',
  'No courts available for this venue.',
  'Please enter a court name.',
  'Court name cannot be empty',
  'Failed to load courts. Please try again.',
  'Failed to delete court. Please try again.',
  'Failed to update court. Please try again.',
  'Failed to create court. Please try again.',
];

describe('message catalogue', () => {
  it.each([...SPEC_TEXTS, ...COURT_TEXTS])('holds %j verbatim', (text) => {
    expect(catalogue.has(text)).toBe(true);
  });

  it.each([
    [
      'transactions',
      MESSAGES.transactions.columns,
      [
        'ID',
        'Email',
        'Videos',
        'Video Titles',
        'Amount',
        'Date',
        'Payment Status',
        'Email Status',
        'Venue',
        'Court',
        'Promo Code',
        'Actions',
      ],
    ],
    // The spec's columns, with Last Login before Actions.
    ['admins', MESSAGES.admins.columns, ['ID', 'Email', 'Role', 'Created At', 'Assigned Venues', 'Last Login', 'Actions']],
    [
      'devices',
      MESSAGES.devices.columns,
      // The spec's columns (its Field called Court, as everywhere else), plus 'Test device' beside the status, a name and health.
      ['ID', 'Device ID', 'Venue', 'Court', 'Status', 'Test device', 'Name', 'Health', 'Created', 'Actions'],
    ],
    ['promo codes', MESSAGES.promoForm.columns, ['Name', 'Code', 'Discount', 'Quota', 'Created', 'Actions']],
    ['courts', MESSAGES.venues.courtColumns, ['Name', 'Created', 'Actions']],
  ])('%s table columns in spec order', (_name, columns, expected) => {
    expect(columns).toEqual(expected);
  });
});

describe('templated messages', () => {
  it.each([
    ['card declined', 'Payment failed: card declined'],
    [undefined, 'Payment failed: Unknown error'],
    [null, 'Payment failed: Unknown error'],
    ['', 'Payment failed: Unknown error'],
  ])('payment failed with %j', (message, expected) => {
    expect(MESSAGES.checkout.paymentFailed(message)).toBe(expected);
  });

  it('promo code created / updated', () => {
    expect(MESSAGES.promoForm.created('HEMAT10')).toBe('Promo code HEMAT10 created successfully');
    expect(MESSAGES.promoForm.updated('HEMAT10')).toBe('Promo code HEMAT10 updated successfully');
  });

  it('upload errors', () => {
    expect(MESSAGES.cms.httpError(413, 'Payload Too Large')).toBe('Error 413: Payload Too Large');
    expect(MESSAGES.cms.requestError('timeout')).toBe('Request error: timeout');
  });

  it('pagination text', () => {
    expect(MESSAGES.selection.showing(16, 30, 42)).toBe('Showing 16 - 30 of 42 videos');
  });

  it.each([
    [0, 'Clear cart (0 videos)'],
    [1, 'Clear cart (1 video)'],
    [2, 'Clear cart (2 videos)'],
    [6, 'Clear cart (6 videos)'],
  ])('clear cart with %i', (count, expected) => {
    expect(MESSAGES.selection.clearCart(count)).toBe(expected);
  });

  it('courts heading, see-your button, welcome line', () => {
    expect(MESSAGES.venues.courtsFor('GOR Senayan')).toBe('Courts for GOR Senayan');
    expect(MESSAGES.kioskHome.seeYour('CourtReplay')).toBe('See Your CourtReplay');
    expect(MESSAGES.dashboard.welcome('a@b.co')).toContain('a@b.co');
  });

  it.each([
    [false, 'Price updated successfully', 'Payment gateway enabled successfully'],
    [true, 'Staging Price updated successfully', 'Staging Payment gateway enabled successfully'],
  ])('success notices, staging %s', (staging, price, gateway) => {
    expect(MESSAGES.product.priceUpdated(staging)).toBe(price);
    expect(MESSAGES.product.gatewayToggled(true, staging)).toBe(gateway);
    expect(MESSAGES.product.gatewayToggled(false, staging)).toBe(stagingVariant('Payment gateway disabled successfully', staging));
    expect(MESSAGES.product.priceZeroGatewayDisabled(staging)).toBe(
      stagingVariant('Price updated to 0. Payment gateway has been automatically disabled.', staging),
    );
    expect(MESSAGES.bundling.updated(staging)).toBe(stagingVariant('Bundling promo updated successfully', staging));
  });

  it('staging variants are prefixed with Staging', () => {
    expect(stagingVariant('Bundling promo updated successfully', true)).toBe('Staging Bundling promo updated successfully');
    expect(stagingVariant('x', false)).toBe('x');
  });
});

// Every user-visible label and message of spec sections 2, 4, 5 and 8, word for word, grouped by
// screen. The UI shows these verbatim; tests and page objects import them, so a wording change is
// one edit here. Where the spec describes a text without quoting it, the wording is ours and the
// entry says so.

import { MARK_GROUP, PHONE_GROUP } from './messages-phone.ts';
import { STORE_MESSAGES } from './messages-store.ts';
import { CAMERA_URL_PROBLEMS } from './camera-url.ts';
import { CAMERA_REASON_MESSAGES } from './messages-camera-reasons.ts';
import { INTEGRATION_MESSAGES, type CredentialAlertCode } from './api/integrations.ts';
import { SUB_STREAM_MESSAGES } from './messages-sub-stream.ts';

const plural = (n: number, one: string, many: string): string => (n === 1 ? one : many);

/** What the provider did to a paid purchase, as a verb (the Errors tab's sentence). */
const REVERSED_VERBS = {
  refund: 'refunded',
  partial_refund: 'partly refunded',
  chargeback: 'charged back',
  partial_chargeback: 'partly charged back',
  deny: 'denied',
  cancel: 'cancelled',
  expire: 'expired',
} as const;

/** The back-office's words for a payment reversal the provider reports (its transaction_status after a settlement). */
const REVERSAL_WORDS = {
  refund: 'Refunded',
  partial_refund: 'Partly refunded',
  chargeback: 'Charged back',
  partial_chargeback: 'Partly charged back',
  deny: 'Denied after payment',
  cancel: 'Cancelled after payment',
  expire: 'Expired after payment',
} as const;

/** Success notices of the Product - Staging tab carry this prefix (spec section 8). */
export const STAGING_PREFIX = 'Staging';

/** 'Price updated successfully' -> 'Staging Price updated successfully' on the staging tab. */
export function stagingVariant(message: string, staging: boolean): string {
  return staging ? `${STAGING_PREFIX} ${message}` : message;
}

export const MESSAGES = {
  routing: {
    checkingDevice: 'Checking device authorization...',
    // Test devices: our wording.
    notTestDevice: 'This is not a test device',
    notTestDeviceHint: 'Staging purchases can only be made on a test device. Please use /box.',
    // Our wording: the kiosk was deauthorised or deleted, or was never authorised.
    deviceStopped: 'Please call our staff',
    deviceStoppedHint: 'This kiosk cannot sell videos right now. Our staff can turn it back on.',
    // Our wording: the banner on every /staging screen.
    testBanner: 'TEST KIOSK: staging prices, not for customers',
  },

  kioskHome: {
    seeYour: (productName: string) => `See Your ${productName}`,
    // Texts the screen showed inline until they needed translating. Our wording.
    tagline: 'Relive your best moments on court',
    promoTitle: 'Promo',
  },

  folder: {
    browseVideos: 'Browse Videos',
    home: 'Home',
    admin: 'Admin',
    help: 'Please call our staff for assistance',
    // The three instruction steps are described, not quoted, by the spec: our wording.
    instructionSteps: (productName: string) =>
      [
        "Click the 'Browse Videos' button",
        `Go to the ${productName} folder and click 'Select'`,
        "Click 'Allow' if asked for permission",
      ] as const,
    couldNotRead: 'Could not read the folder contents',
    noVideoFiles: 'No video files found in the selected folder',
    failedToLoad: 'Failed to load videos from the selected folder',
    permissionNotGranted: 'Permission not granted for the selected folder',
    cancelled: 'Folder selection was cancelled',
    failedToAccess: 'Failed to access the folder',
    browserUnsupported: 'This feature requires Chrome or Edge browser',
    loadingTooLong: 'Loading took too long. Please try again.',
  },

  loading: {
    title: 'Preparing Your Videos',
    subtitle: 'This will take just a moment',
  },

  selection: {
    title: 'Your Videos',
    recentVideos: 'Recent Videos',
    olderVideos: 'Older Videos',
    checkout: 'Checkout',
    clearCart: (count: number) => `Clear cart (${count} ${plural(count, 'video', 'videos')})`,
    showing: (from: number, to: number, total: number) => `Showing ${from} - ${to} of ${total} videos`,
    emptyTitle: 'No Videos Found',
    emptyText: "The selected folder doesn't contain any video files",
    maxVideos: 'Maximum of 6 videos can be selected',
    // Texts (and screen-reader names) the grid and player showed inline. Our wording.
    // Before a card's title, for screen readers (the card's name starts with its action).
    select: 'Select',
    deselect: 'Deselect',
    playClip: (title: string) => `Play ${title}`,
    pages: 'Pages',
    previousPage: 'Previous page',
    nextPage: 'Next page',
    closePlayer: 'Close',
    // Prices on the grid: our wording. Amounts come formatted ('Rp 9.000').
    total: (amount: string) => `Total: ${amount}`,
    /** On an unselected card: what ticking it adds to the total now. */
    addsToTotal: (amount: string) => `+${amount}`,
    /** On an unselected card whose ticking makes the total smaller (a bundle tier starts). */
    lowersTotal: (amount: string) => `saves ${amount}`,
    bundleOffer: (more: number, each: string, save: string) => `Add ${more} more: ${each} each, save ${save}`,
    // A clip the browser cannot decode: our wording.
    cannotPlay: "This video can't be played",
  },

  // Kiosk guards: not in the spec, our wording.
  guards: {
    stillThereTitle: 'Still there?',
    stillThereCountdown: (seconds: number) => `Going back to the home screen in ${seconds} ${plural(seconds, 'second', 'seconds')}`,
    stillThereStay: "Yes, I'm still here",
    holdForStaff: 'Staff: press and hold',
    clearCartTitle: (count: number) => `Remove ${count === 1 ? 'the selected video' : `all ${count} selected videos`} from your cart?`,
    clearCartConfirm: 'Yes, clear cart',
    leaveWithCartTitle: 'Leave and clear your cart?',
    leaveWithCartText: (count: number) => `Your ${count} selected ${plural(count, 'video', 'videos')} will be removed.`,
    leaveConfirm: 'Yes, go home',
    keepShopping: 'No, keep my videos',
    staffPinTitle: 'Staff PIN',
    staffPinSubmit: 'Unlock',
    staffPinCancel: 'Cancel',
    staffPinClear: 'Clear',
    staffPinWrong: 'Wrong PIN. Please try again.',
    staffPinOffline: 'The PIN cannot be checked while the kiosk is offline.',
  },

  // The player's own full-screen button (fullscreen shows the watermark too). Our wording.
  player: {
    fullScreen: 'Full screen',
    exitFullScreen: 'Exit full screen',
    // Choosing the clip without closing the preview. Ours.
    select: 'Select',
    remove: 'Remove',
  },

  checkout: {
    // The QR code of the phone page on the completion screen. Ours.
    scanToWatch: 'Scan with your phone to watch and download your clips now',
    // The prices changed while the player was on the order form. Ours.
    pricesChanged: 'Prices have changed. Please review your total.',
    // A pending payment is not a completed purchase.
    waitingForPayment: 'Waiting for payment',
    // The address shown large before Pay Now, a one-tap fix for a mistyped
    // domain, and the address repeated on the completion screen. Ours.
    sendingTo: 'Your clips will be sent to',
    didYouMean: (email: string) => `Did you mean ${email}?`,
    alsoSentTo: (email: string) => `Also sent to ${email}`,
    phoneQrLabel: 'QR code of the page with your clips',
    done: 'Done',
    title: 'Complete Your Purchase',
    subtotal: 'Subtotal',
    discount: 'Discount',
    total: 'Total',
    email: 'Email',
    back: 'Back',
    payNow: 'Pay Now',
    selectPaymentMethod: 'Select Payment Method',
    purchaseCompleted: 'Purchase Completed!',
    // Described, not quoted, by the spec: our wording.
    checkSpam: "Can't find the email? Please check your spam or junk folder.",
    redirectCountdown: (seconds: number) => `Returning to the home screen in ${seconds} ${plural(seconds, 'second', 'seconds')}`,
    invalidEmail: 'Please enter a valid email address',
    unexpectedError: 'An unexpected error occurred',
    paymentNotConfigured: 'Payment system is not properly configured. Please contact support.',
    paymentSystemLoadFailed: 'Failed to load payment system. Please try again later.',
    paymentFormLoadFailed: 'Failed to load payment form. Please try again later.',
    paymentInitFailed: 'Payment initialization failed. Please try again later.',
    paymentFailed: (message?: string | null) => `Payment failed: ${message || 'Unknown error'}`,
    paymentCancelled: 'Payment cancelled. You can try again later.',
    // What went wrong in plain words, and that nothing was charged where that is known. Our wording.
    paymentDeclined: 'Payment declined: your bank or e-wallet refused it. Nothing was charged.',
    paymentExpired: 'The time to pay ran out. Nothing was charged.',
    paymentNotCompleted: 'The payment did not go through. Nothing was charged.',
    connectionLostTitle: 'Connection lost',
    connectionLost:
      'The connection was lost. Nothing has been charged yet. If you pay on your phone, the payment will still be recognised.',
    gatewaySkipped: 'Your videos are being prepared and will be sent to your email shortly.',
    paymentSuccess: 'Payment completed! Your videos will be sent to your email shortly.',
    paymentPending: 'Payment is pending. Your videos will be sent to your email once payment is confirmed.',
    progress: {
      preparing: 'Preparing videos',
      uploading: 'Uploading videos',
      finalizing: 'Finalizing transaction',
      completed: 'Completed',
      completedWithoutUpload: 'Completed (without upload)',
      completedUpdateFailed: 'Completed (update failed)',
      error: 'Error processing videos',
      // The storage refuses for now (full, rate-limited); the kiosk keeps trying.
      storageWaiting:
        'Your clips are paid for and kept safe. The video storage is not taking them right now; they are sent as soon as it does.',
    },
    // Section names the screen gave inline. Our wording.
    orderSummary: 'Order summary',
    yourDetails: 'Your details',
    // Clips on WhatsApp. The consent line is the issue's words; the rest ours.
    whatsappNumber: 'WhatsApp number',
    whatsappConsent: 'Send my clips to this WhatsApp number',
    whatsappPadClear: 'Clear',
    whatsappPadDelete: 'Delete',
    invalidPhone: 'Please enter a valid WhatsApp number',
    phoneConsentRequired: 'Please tick "Send my clips to this WhatsApp number" to use this number',
    // The server's WHATSAPP=off: a purchase needs an e-mail address then. Ours.
    whatsappOff: 'Sending clips by WhatsApp is not available here. Please enter an e-mail address to receive your clips.',
    contactRequired: 'Please enter an email address or a WhatsApp number',
    sentToWhatsapp: (phone: string) => `Sent to WhatsApp ${phone}`,
    sendingToWhatsapp: 'Your clips will be sent to WhatsApp',
    gatewaySkippedWhatsapp: 'Your videos are being prepared; the link is on its way to your WhatsApp.',
    paymentSuccessWhatsapp: 'Payment completed! The link to your videos is on its way to your WhatsApp.',
    paymentPendingWhatsapp: 'Payment is pending. The link to your videos will be sent to your WhatsApp once payment is confirmed.',
  },

  promo: {
    apply: 'Apply',
    reapply: 'Reapply',
    remove: 'Remove',
    enterCode: 'Please enter a promo code',
    invalidOrExpired: 'Invalid or expired promo code',
    requestFailed: 'Promo has ended or you entered a wrong code.',
    // The field label the box showed inline. Our wording.
    label: 'Promo code',
  },

  paymentSuccess: {
    title: 'Payment Successful',
    subtitle: 'Thank You!',
    transactionId: 'Transaction ID',
  },

  paymentFailure: {
    title: 'Payment Failed',
    subtitle: 'Payment Not Completed',
    transactionId: 'Transaction ID',
    errorCode: 'Error Code',
    tryAgain: 'Try Again',
    // The countdown the screen showed inline. Our wording.
    redirectCountdown: (seconds: number) => `Returning to your videos in ${seconds} ${plural(seconds, 'second', 'seconds')}`,
  },

  // The offline layer's wording (docs/contributing.md, Offline-first; the spec words none of it),
  // moved here from the PWA so it is translated with the rest. Plain, short, legible at arm's length.
  offline: {
    online: 'Online',
    offline: 'Offline',
    purchasesWaiting: (n: number) => `${n} ${plural(n, 'purchase', 'purchases')} waiting`,
    clipsWaiting: (n: number) => `${n} ${plural(n, 'clip', 'clips')} waiting`,
    allSent: 'All sent',
    needsConnectionTitle: 'Paying needs an internet connection',
    needsConnectionBody:
      'The kiosk is offline right now, so card and e-wallet payments cannot be taken. Nothing has been charged. Please come back in a few minutes: your videos will still be here.',
    comeBackLater: 'Come back later',
  },

  // The EN | ID switch on every kiosk screen. Our wording.
  language: {
    switchLabel: 'Language',
  },

  // The purchase e-mail's fixed parts around the CMS copy (the player's: also in
  // Indonesian). Our wording.
  purchaseEmail: {
    watchButton: 'Watch and download your clips',
    folderLink: 'Or open the storage folder:',
    receiptTitle: 'Receipt',
    purchaseId: 'Purchase ID',
    venue: 'Venue',
    court: 'Court',
    dateTime: 'Date and time',
    clips: 'Clips',
    subtotal: 'Subtotal',
    promo: (code: string) => `Promo code ${code}`,
    discount: 'Discount',
    amountPaid: 'Amount paid',
    free: 'Free',
    keptUntil: (days: number, date: string) =>
      `Your clips are kept for ${days} ${plural(days, 'day', 'days')}, until ${date}. Please download them before then.`,
  },

  // The phone page /p/{token}, the player's own (also in Indonesian). Ours.
  phone: PHONE_GROUP,

  // Finding a rally on the grid by court and time, new clips, marked moments. Ours.
  courts: {
    chips: 'Court',
    ownCourt: 'This court',
    all: 'All',
    timeJump: 'Time',
    anyTime: 'Any time',
    last15: 'Last 15 min',
    lastHour: 'Last hour',
    newBadge: 'New',
    markedMoments: 'Marked moments',
    nothingHere: 'No videos here yet. Try another court or time.',
  },

  // The court's QR poster and its page /c/{courtCode} on the player's phone. Ours.
  mark: MARK_GROUP,

  // The store on the phone that marked the rally (messages-store.ts). Ours.
  store: STORE_MESSAGES,

  adminLogin: {
    title: 'Admin Portal',
    login: 'Login',
    loggingIn: 'Logging in...',
    bothRequired: 'Please enter both email and password',
    failed: 'Login failed',
    failedCheckCredentials: 'Login failed. Please check your credentials.',
  },

  // The first-run checklist above an empty Transactions tab. Ours.
  setup: {
    title: 'Get ready to sell',
    intro: 'A few steps before the first kiosk can take a payment:',
    steps: {
      venue: 'Add a venue',
      court: 'Add a court to it',
      price: 'Set the price per video',
      kiosk: 'Register and authorise the kiosk',
      integrations: 'Test payments, storage and e-mail (Integrations, in Storage Quota)',
    },
    open: 'Open',
    done: 'Done',
    progress: (done: number, total: number) => `${done} of ${total} done`,
  },

  dashboard: {
    title: 'Admin Dashboard',
    welcome: (email: string) => `Welcome, ${email}`,
    logout: 'Logout',
    tabs: {
      transactions: 'Transactions',
      admins: 'Admins',
      devices: 'Devices',
      productManagement: 'Product',
      productDevManagement: 'Product - Staging',
      venueManagement: 'Venues',
      cmsManagement: 'CMS',
      errors: 'Errors',
      storageQuota: 'Storage Quota',
    },
    noPermission: 'You do not have permission to view this page.',
    confirm: 'Are you sure?',
    yes: 'Yes',
    no: 'No',
  },

  transactions: {
    resetFilters: 'Reset Filters',
    exportToExcel: 'Export to Excel',
    allVenues: 'All Venues',
    columns: [
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
    empty: 'No transactions found. Try adjusting your filters.',
    emailNotSet: 'Not set',
    unknownVenue: 'Unknown Venue',
    // Not in the spec: the provider took the money back after the purchase was paid.
    paymentReversed: 'Payment reversed',
    resend: 'Resend',
    sending: 'Sending...',
    resent: 'Email resent successfully',
    // A purchase with only a WhatsApp number: what Resend did. Ours.
    whatsappResent: 'WhatsApp message resent',
    // The spec names an export success message without quoting it: our wording.
    exported: (count: number) => `Exported ${count} ${plural(count, 'transaction', 'transactions')} successfully`,
    notLoggedIn: 'You are not logged in. Please log in again.',
    loadFailed: 'Failed to load transactions. Please try again.',
    exportFetchFailed: 'Failed to fetch transactions for export. Please try again.',
    nothingToExport: 'No transactions to export.',
    exportFailed: 'Failed to export transactions. Please try again.',
    resendFailed: 'Failed to resend email',
    // Our wording: the spec sets no limit; 3 resends per purchase per hour stop accidental mail floods.
    resendLimit: 'This e-mail was already resent 3 times in the last hour. Please try again later.',
    noStoredFolder: 'No stored folder found. Please use the Video Selection page first to select a folder.',
    noVideoInformation: 'No video information found for this transaction',
    noMatchingVideos: 'No matching videos found in the selected folder',
    uploadFailed: 'Failed to upload videos. Please try again.',
    foundUploadedSent: 'Videos found, uploaded, and email sent successfully',
    processingFailed: 'Error processing videos. Please try again.',
    // Spec section 5 bounds the date filters without messages (the inputs enforce them): ours.
    dateAfterToday: 'The date cannot be later than today',
    endBeforeStart: 'The end date cannot be before the start date',
    // Sales at a glance, exports, staging rows: our wording.
    exportToCsv: 'Export to CSV',
    exportedCsv: (count: number) => `Exported ${count} ${plural(count, 'transaction', 'transactions')} to CSV successfully`,
    paymentStatusWord: { pending: 'Pending', paid: 'Paid', free: 'Free', failed: 'Failed', expired: 'Expired' },
    emailStatusWord: { sent: 'Sent', failed: 'Failed', unconfirmed: 'Unconfirmed' },
    yes: 'Yes',
    no: 'No',
    stagingBadge: 'Staging',
    showStaging: 'Show staging purchases',
    report: {
      title: 'Sales at a glance',
      revenue: 'Revenue',
      revenueHint: 'Paid purchases only',
      purchases: 'Purchases',
      clips: 'Clips sold',
      averageOrder: 'Average order',
      free: 'Free purchases',
      staging: 'Staging purchases',
      stagingHidden: 'Not counted: staging purchases are hidden',
      discounts: 'Promo discounts',
      // The sentinel's count (each is listed in the Errors tab). Ours.
      undelivered: 'Paid, not delivered',
      undeliveredHint: 'Over 10 minutes after payment: see Errors',
      chartTitle: 'Daily revenue',
      chartLabel: (from: string, to: string) => `Daily revenue from ${from} to ${to}`,
      bestDay: (revenue: string) => `Best day: ${revenue}`,
      dayTitle: (date: string, revenue: string, purchases: number) =>
        `${date}: ${revenue} from ${purchases} ${plural(purchases, 'purchase', 'purchases')}`,
      byCourtTitle: 'Revenue by court',
      courtColumns: ['Court', 'Purchases', 'Revenue'],
      noCourt: 'No court',
      unknownCourt: 'Unknown court',
      loading: 'Loading sales...',
      empty: 'No sales for these filters.',
      loadFailed: 'Failed to load the sales summary. Please try again.',
    },
    // Correcting a player's address, and erasing on request (PDP law). Ours.
    editEmail: 'Edit e-mail',
    newEmail: 'New e-mail address',
    save: 'Save',
    saving: 'Saving...',
    cancel: 'Cancel',
    emailCorrected: (email: string) => `E-mail changed to ${email}. Use Resend to send the clips there.`,
    emailUnchanged: "This is already the purchase's e-mail address.",
    // The contact correction (e-mail and WhatsApp number). Ours.
    editContact: 'Edit contact',
    newPhone: 'WhatsApp number',
    contactUnchanged: "These are already the purchase's e-mail address and WhatsApp number.",
    contactCorrected: (contact: string) => `Contact changed to ${contact}. Use Resend to send the clips there.`,
    whatsappColumn: 'WhatsApp',
    whatsappSent: 'Sent',
    whatsappFailed: 'Failed',
    whatsappUnconfirmed: 'Unconfirmed',
    whatsappNotSent: 'Not sent',
    noEmail: '(no e-mail)',
    erase: 'Erase',
    erasing: 'Erasing...',
    eraseConfirm:
      "Erase this player's data? Their clips are deleted from storage and their e-mail address is removed for good. " +
      'The amount, payment status, promo code and purchase id stay for the books. This cannot be undone.',
    eraseYes: 'Yes, erase',
    erasedDone: 'The e-mail address, WhatsApp number and clips of this purchase were erased.',
    erased: 'Erased',
    // A sale made on the phone that marked its rallies, at the court whose poster it came from. Ours.
    phoneBadge: 'Phone',
    kioskSale: 'Kiosk',
    phoneClipsMissing:
      "A clip of this purchase has not reached storage yet: check the venue's recorder (Devices). It is delivered as soon as it is there.",
    phoneClipsInPlace: "The clips are in place: the player's phone page plays them.",
    soldOnPhone: (court: string) => `On a phone at ${court}`,
    erasedNoChange: 'This purchase was erased on request; its e-mail address can no longer be changed or used.',
    clipsExpired: 'Clips removed',
    clipsExpiredNoResend: 'The clips of this purchase were removed at the end of the retention period, so there is nothing to send.',
    // The purchase detail drawer and its timeline. Ours.
    details: 'Details',
    drawer: {
      title: (id: string) => `Purchase ${id}`,
      close: 'Close',
      loadFailed: 'Failed to load the history of this purchase. Please try again.',
      summary: ['Email', 'WhatsApp', 'Venue', 'Court', 'Sold at', 'Clips', 'Amount', 'Promo Code', 'Payment Status'],
      timelineTitle: 'History',
      links: 'Links',
      phonePage: 'Open the phone page',
      folder: 'Open the storage folder',
      noLinks: 'No links: the clips are not stored (yet, or any more).',
      by: (admin: string) => `by ${admin}`,
    },
    timeline: {
      created: (amount: string, onPhone?: boolean) => `Purchase made ${onPhone ? 'on a phone' : 'at the kiosk'} (${amount})`,
      paid: (amount: string) => `Paid ${amount}`,
      free: 'Free purchase: no payment needed',
      payment_failed: 'Payment failed',
      payment_expired: 'Payment expired unpaid',
      payment_reversed: (reversal: string | undefined, amount: string | undefined) =>
        `Payment reversed by the payment provider${reversal ? `: ${REVERSAL_WORDS[reversal as keyof typeof REVERSAL_WORDS] ?? reversal}` : ''}${amount ? ` (${amount})` : ''}`,
      late_settlement: (previous: string | undefined, afterWindow: boolean | undefined) =>
        `Payment settled late${previous === 'failed' ? ', after the payment had failed' : previous === 'expired' ? ', after the purchase had expired or been closed' : ''}${afterWindow ? ', after the payment window' : ''}`,
      clip_uploaded: (clip: number, clips: number) => `Clip ${clip} of ${clips} uploaded`,
      upload_failed: (uploaded: number, clips: number) => `Upload ended with ${uploaded} of ${clips} clips`,
      email_sent: (to: string | undefined, unconfirmed?: string) =>
        `${to ? `E-mail sent to ${to}` : 'E-mail sent'}${unconfirmed ? `, unconfirmed (not sent again): ${unconfirmed}` : ''}`,
      email_failed: (to: string | undefined) => (to ? `E-mail to ${to} failed` : 'E-mail failed'),
      resend: (channel: 'email' | 'whatsapp' | undefined) =>
        channel === 'whatsapp' ? 'WhatsApp message resend requested' : 'E-mail resend requested',
      email_corrected: (from: string | undefined, to: string | undefined) =>
        from && to ? `E-mail address changed from ${from} to ${to}` : 'E-mail address changed',
      whatsapp_sent: (to: string | undefined, unconfirmed?: string) =>
        `${to ? `WhatsApp message sent to ${to}` : 'WhatsApp message sent'}${unconfirmed ? `, unconfirmed (not sent again): ${unconfirmed}` : ''}`,
      whatsapp_failed: (to: string | undefined, reason: string | undefined) =>
        `${to ? `WhatsApp message to ${to} failed` : 'WhatsApp message failed'}${reason ? `: ${reason}` : ''}`,
      whatsapp_status: (status: string | undefined) =>
        status === 'read'
          ? 'WhatsApp message read'
          : status === 'delivered'
            ? 'WhatsApp message delivered'
            : 'WhatsApp message sent by Meta',
      phone_corrected: (from: string | undefined, to: string | undefined) =>
        from && to ? `WhatsApp number changed from ${from} to ${to}` : to ? `WhatsApp number set to ${to}` : 'WhatsApp number changed',
      clips_expired: (files: number) => `Clips removed at the end of the retention period (${files} ${plural(files, 'file', 'files')})`,
      erased: (files: number) => `Player's data erased on request (${files} ${plural(files, 'file', 'files')} removed)`,
    },
  },

  admins: {
    columns: ['ID', 'Email', 'Role', 'Created At', 'Assigned Venues', 'Last Login', 'Actions'],
    noVenuesAssigned: 'No venues assigned',
    neverLoggedIn: 'Never',
    resetPassword: 'Reset password',
    resetFailed: 'Failed to reset the password',
    oneTimePassword: (email: string, password: string) => `One-time password for ${email}: ${password} (shown only once)`,
    changePassword: 'Change password',
    currentPassword: 'Current password',
    newPassword: 'New password',
    savePassword: 'Save password',
    // Ours: after a super admin's reset, before the dashboard opens.
    chooseOwnPassword: 'Choose your own password',
    chooseOwnPasswordWhy:
      'Your password was reset to a one-time password. Enter it as the current password and choose a new one to open the dashboard.',
    changeFailed: 'Failed to change the password',
    auditTitle: 'Audit log',
    // Each entry read as a sentence ("Price: Rp 20.000 → Rp 25.000, by …, at …"). Ours.
    auditSentence: (change: string, admin: string, when: string) => `${change}, by ${admin}, at ${when}`,
    auditNotSet: '(not set)',
    // Where a price, tier or promo change applies: its venue, or every venue.
    auditAllVenues: 'all venues',
    auditScoped: (change: string, scope: string) => `${change} (${scope})`,
    auditOn: 'on',
    auditOff: 'off',
    auditYes: 'yes',
    auditNo: 'no',
    auditNoTiers: 'no tiers',
    auditTier: (quantity: number, price: string, enabled: boolean) => `${quantity} at ${price} each${enabled ? '' : ' (off)'}`,
    auditConfigLabels: {
      CMS_PROMO_VIDEO: 'Promo video',
      CMS_PROMO_VIDEO_PORTRAIT: 'Portrait promo video',
      CMS_BG_IMAGE: 'Background image',
      CMS_WATERMARK: 'Watermark',
      DEFAULT_PRICE: 'Price',
      PROMO_TABLE: 'Bundle tiers',
      ENABLE_PAYMENT_GATEWAY: 'Payment gateway',
      CMS_EMAIL_COPY: 'E-mail text',
    } as Record<string, string>,
    auditStaging: (label: string) => `${label} (staging)`,
    auditActions: {
      'admin.create': 'Admin created',
      'admin.delete': 'Admin deleted',
      'admin.password_change': 'Password changed',
      'admin.password_reset': 'Password reset',
      'cms.remove': 'Media removed',
      'cms.upload': 'Media uploaded',
      'device.authorize': 'Device authorisation',
      'device.delete': 'Device deleted',
      'device.field': 'Device court',
      'device.name': 'Device renamed',
      'device.register': 'Device registered',
      'device.replace': 'Device ID reset',
      'device.staging': 'Test device',
      'error.resolve': 'Error resolved',
      'field.courtCode': 'Court poster renewed',
      'field.create': 'Court created',
      'field.delete': 'Court deleted',
      'field.update': 'Court changed',
      'promo.create': 'Promo code created',
      'promo.delete': 'Promo code deleted',
      'promo.update': 'Promo code changed',
      'staff_pin.set': 'Staff PIN set',
      'storage.delete_old': 'Old files deleted',
      'storage.empty': 'Storage emptied',
      'transaction.contact': 'Purchase contact corrected',
      'transaction.email': 'Purchase e-mail corrected',
      'transaction.erase': 'Purchase erased',
      'transaction.resend': 'Purchase e-mail resent',
      'transaction.resend_whatsapp': 'Purchase WhatsApp message resent',
      'venue.create': 'Venue created',
      'venue.delete': 'Venue deleted',
      'venue.update': 'Venue changed',
    } as Record<string, string>,
    auditEmpty: 'No changes recorded yet',
    auditLoadFailed: 'Failed to load the audit log',
    auditFilter: 'Action or item',
    auditPrevious: 'Previous',
    auditNext: 'Next',
    createAdmin: 'Create Admin',
    empty: 'No admins found',
    loadFailed: 'Failed to load admins',
    deleteFailed: 'Failed to delete admin',
  },

  devices: {
    resetAndSync: 'Reset and Sync Device ID',
    // The spec describes this warning without quoting it: our wording.
    idMismatch:
      'The device ID stored in this browser differs from this computer’s fingerprint. Reset and sync it before registering or authorizing this device.',
    currentDevice: 'This device',
    allVenues: 'All Venues',
    authorized: 'Authorized',
    unauthorized: 'Unauthorized',
    authorize: 'Authorize',
    deauthorize: 'Deauthorize',
    delete: 'Delete',
    // The spec's Field column says Court: one word for a player's court across the back-office.
    columns: ['ID', 'Device ID', 'Venue', 'Court', 'Status', 'Test device', 'Name', 'Health', 'Created', 'Actions'],
    // Test devices: our wording.
    yes: 'Yes',
    no: 'No',
    makeTestDevice: 'Make test device',
    makeLiveDevice: 'Make live device',
    stagingFailed: 'Failed to update the test device setting',
    empty: 'No devices found',
    venueRequired: 'Venue selection is required',
    loadFailed: 'Failed to load devices',
    deleteFailed: 'Failed to delete device',
    authorizationFailed: 'Failed to update device authorization',
    registerFailed: 'Failed to register device',
    fieldsLoadFailed: 'Failed to load fields',
    getIdFailed: 'Failed to get device ID. Please try again.',
    syncIdFailed: 'Failed to sync device ID. Please try again.',
    // Kiosk health: our wording.
    online: 'Online',
    offline: 'Offline',
    neverSeen: 'Never seen',
    lastSeen: (when: string) => `Last seen ${when}`,
    onlineSince: (when: string) => `online since ${when}`,
    version: (version: string) => `Version ${version}`,
    queue: (purchases: number, clips: number) =>
      purchases === 0 && clips === 0
        ? 'Nothing waiting to upload'
        : `Waiting: ${purchases} ${purchases === 1 ? 'purchase' : 'purchases'}, ${clips} ${clips === 1 ? 'clip' : 'clips'}`,
    screen: (screen: string) => `On the ${screen} screen`,
    warnings: {
      no_new_clips: 'No new clip in the folder for an hour: check the camera and the folder',
      storage_nearly_full: 'Browser storage nearly full: clear old clips or free disk space',
    },
    nameLabel: (deviceId: string) => `Name of kiosk ${deviceId}`,
    namePlaceholder: 'e.g. Court 1 kiosk',
    saveName: 'Save name',
    nameFailed: 'Failed to save the device name',
  },

  // The staff PIN panel of the Devices tab. Not in the spec, our wording.
  staffPin: {
    title: 'Staff PIN',
    help: "Staff hold the kiosk's Admin button for 2 seconds to choose another folder. With a PIN set, the kiosk also asks for it.",
    venue: 'Venue',
    pin: 'New PIN (4 to 8 digits)',
    save: 'Save PIN',
    remove: 'Remove PIN',
    isSet: 'A PIN is set for this venue',
    notSet: 'No PIN: the long press alone opens the folder choice',
    saveFailed: 'Failed to save the staff PIN',
    loadFailed: 'Failed to load the staff PINs',
  },

  promoForm: {
    columns: ['Name', 'Code', 'Discount', 'Quota', 'Created', 'Actions'],
    nameRequired: 'Promo name is required',
    codeRequired: 'Promo code is required',
    amountPositive: 'Amount must be greater than 0',
    percentPositive: 'Percentage must be greater than 0',
    percentMax: 'Percentage cannot be greater than 100%',
    // Spec section 5 states the quota rule without a message: our wording.
    quotaInvalid: 'Quota must be a whole number of 0 or more (0 = unlimited)',
    duplicateCode: 'A promo code with this code already exists',
    created: (code: string) => `Promo code ${code} created successfully`,
    updated: (code: string) => `Promo code ${code} updated successfully`,
    deleted: 'Promo code deleted successfully',
    loadFailed: 'Failed to load promo codes',
    deleteFailed: 'Failed to delete promo code',
    saveFailed: 'Failed to save promo code',
    // A promo's days and its switch; our wording.
    firstDay: 'First day (optional)',
    lastDay: 'Last day (optional)',
    daysHint: 'Days are venue days (Asia/Jakarta); both are included.',
    activeLabel: 'On: players can use this code',
    statusOff: 'Off',
    statusStarts: (day: string) => `Starts ${day}`,
    statusEnded: (day: string) => `Ended ${day}`,
    statusUntil: (day: string) => `Until ${day}`,
    uses: (used: number, quota: number) => `${used} / ${quota === 0 ? 'Unlimited' : quota}`,
  },

  product: {
    invalidPrice: 'Please enter a valid price',
    invalidPriceNegative: 'Please enter a valid price (0 or greater)',
    gatewayNeedsPrice: 'Cannot enable payment gateway when price is set to 0. Please set a price greater than 0 first.',
    priceUpdated: (staging: boolean) => stagingVariant('Price updated successfully', staging),
    priceZeroGatewayDisabled: (staging: boolean) =>
      stagingVariant('Price updated to 0. Payment gateway has been automatically disabled.', staging),
    gatewayToggled: (enabled: boolean, staging: boolean) =>
      stagingVariant(`Payment gateway ${enabled ? 'enabled' : 'disabled'} successfully`, staging),
    configLoadFailed: 'Failed to load configurations',
    priceUpdateFailed: 'Failed to update price',
    gatewayUpdateFailed: 'Failed to update payment gateway status',
    // Our wording: on the Product - Staging tab.
    stagingOnly: 'These settings change the staging kiosk (/staging) only. The live kiosk (/box) keeps the Product tab’s settings.',
  },

  bundling: {
    atLeastOne: 'Please configure at least one bundling promo',
    updated: (staging: boolean) => stagingVariant('Bundling promo updated successfully', staging),
    updateFailed: 'Failed to update bundling promo',
  },

  venues: {
    title: 'Venues',
    addVenue: '+ Add Venue',
    venueName: 'Venue Name',
    location: 'Location',
    addCourt: '+ Add Court',
    // The Venues tab says court, as every other screen does, where the spec says field.
    fieldName: 'Court Name',
    edit: 'Edit',
    save: 'Save',
    cancel: 'Cancel',
    delete: 'Delete',
    courtsFor: (venue: string) => `Courts for ${venue}`,
    courtColumns: ['Name', 'Created', 'Actions'],
    noVenues: 'No venues available.',
    selectVenue: 'Add a venue first: its courts are managed here.',
    noFields: 'No courts available for this venue.',
    requiredFields: 'Please fill in all required fields.',
    venueNameEmpty: 'Venue name cannot be empty',
    selectVenueFirst: 'Please select a venue first.',
    enterFieldName: 'Please enter a court name.',
    fieldNameEmpty: 'Court name cannot be empty',
    // The spec asks for confirmations without quoting them: our wording.
    confirmDeleteVenue: (venue: string) => `Delete the venue ${venue}? All of its courts will be deleted too.`,
    confirmDeleteCourt: (court: string) => `Delete the court ${court}?`,
    loadFailed: 'Failed to load venues. Please try again.',
    fieldsLoadFailed: 'Failed to load courts. Please try again.',
    fieldDeleteFailed: 'Failed to delete court. Please try again.',
    venueUpdateFailed: 'Failed to update venue. Please try again.',
    venueDeleteFailed: 'Failed to delete venue. Please try again.',
    fieldUpdateFailed: 'Failed to update court. Please try again.',
    venueCreateFailed: 'Failed to create venue. Please try again.',
    fieldCreateFailed: 'Failed to create court. Please try again.',
    // The venue's kiosk language: our wording.
    kioskLanguage: 'Kiosk language',
    // The court's "Mark this moment" QR poster: our wording.
    poster: 'Poster',
    posterFor: (court: string) => `Poster for ${court}`,
    printPoster: 'Print',
    closePoster: 'Close',
    renewPoster: 'New poster link',
    confirmRenewPoster: (court: string) => `Make a new link for ${court}? The printed poster stops working.`,
    posterRenewed: 'New poster link made: print the poster again',
    renewPosterFailed: 'Failed to make a new poster link. Please try again.',
    noPosterLink: 'This court has no poster link yet: make a new one.',
    posterUnreachable: (url: string) =>
      `Phones cannot open ${url}: it names this computer itself. Set PUBLIC_URL to the address players reach this server at (for example https://replay.yourvenue.com), restart the server, then print the poster.`,
  },

  // The venue's recorder: cameras on courts (Venues tab) and recorders (Devices tab). Our wording.
  recorders: {
    camera: 'Camera',
    noCamera: 'No camera',
    setCamera: 'Set camera',
    changeCamera: 'Change camera',
    cameraLabel: (court: string) => `Camera address of ${court}`,
    cameraUser: 'User name',
    cameraPassword: 'Password',
    showPassword: 'Show',
    hidePassword: 'Hide',
    cameraHints: 'Common addresses of the main stream (after rtsp://camera-address:554):',
    keyframeNote:
      'In the camera\'s settings, set the keyframe interval (I-frame interval) to 1-2 s and turn off "smart codec" (H.264+/H.265+), so marked clips start on time.',
    passwordNote: 'The password is never shown again: to change it, type the address, user name and password again.',
    ...SUB_STREAM_MESSAGES,
    saveCamera: 'Save camera',
    removeCamera: 'Remove camera',
    cancel: 'Cancel',
    cameraFailed: 'Failed to save the camera. Please try again.',
    /** Why an address is refused (shared/src/camera-url.ts reads it as ffmpeg does). */
    urlProblems: CAMERA_URL_PROBLEMS,
    title: 'Recorders',
    help: "A recorder records the venue's cameras into the kiosk's clips folder. Run it on the kiosk PC or on a small PC on the same network as the cameras.",
    addRecorder: 'Add recorder',
    name: 'Recorder name',
    namePlaceholder: 'e.g. Kiosk PC',
    venue: 'Venue',
    create: 'Create',
    tokenOnce: "This token is shown only once, inside the commands below: set up the recorder's PC now (or add the recorder again later).",
    done: 'Done',
    empty: 'No recorders yet.',
    columns: ['Name', 'Venue', 'Last report', 'Cameras', 'Actions'],
    remove: 'Remove',
    confirmRemove: (name: string) => `Remove the recorder ${name}? Its token stops working at once.`,
    neverSeen: 'Never reported',
    noCameras: 'No camera reported yet',
    states: {
      recording: 'Recording',
      reconnecting: 'Reconnecting',
      offline: 'Offline',
      unauthorized: 'Password refused',
      'no-camera': 'No camera',
      'clips-failing': 'Clips failing',
      'refused-url': 'Address refused',
    },
    cameraState: (court: string, state: string) => `${court}: ${state}`,
    since: (when: string) => `since ${when}`,
    // Why a camera does not record (messages-camera-reasons.ts). Ours.
    reasons: CAMERA_REASON_MESSAGES,
    loadFailed: 'Failed to load the recorders. Please try again.',
    createFailed: 'Failed to add the recorder. Please try again.',
    removeFailed: 'Failed to remove the recorder. Please try again.',
  },

  cms: {
    sections: {
      promoVideo: 'Promo Video',
      // The optional portrait slot, next to the landscape one.
      portraitPromoVideo: 'Portrait Promo Video',
      backgroundImage: 'Background Image',
      watermark: 'Watermark Image',
      emailTemplate: 'Email Template Settings',
    },
    // The recommendations are described, not quoted: our wording of the spec's numbers.
    recommendations: {
      promoVideo: 'Recommended: MP4, 1920x1080, under 2 minutes and under 25 MB.',
      portraitPromoVideo:
        'Optional, for portrait screens: MP4, 1080x1920, under 2 minutes and under 25 MB. Without it, portrait screens show the promo video above letterboxed.',
      backgroundImage: 'Recommended: 1920x1080 or larger, under 5 MB.',
      watermark: 'Recommended: PNG with transparency, about 800x600, under 5 MB.',
    },
    uploadProgress: (percent: number) => `${Math.round(percent)}%`,
    // The portrait promo video's upload and removal.
    portraitUploaded: 'Portrait promo video uploaded successfully',
    removePortrait: 'Remove Portrait Video',
    portraitRemoved: 'Portrait promo video removed: portrait screens show the landscape one again',
    noPortraitVideo: 'No portrait promo video is set',
    portraitRemoveFailed: 'Failed to remove the portrait promo video',
    invalidVideo: 'Please select a valid video file',
    videoTooLarge: 'Video file size must be less than 100MB',
    noVideo: 'Please select a video file to upload',
    // A multipart body without a (valid) boundary, or cut short before its end.
    malformedUpload: 'The upload was incomplete or not a valid form. Please choose the file and try again.',
    invalidImage: 'Please select a valid image file (JPEG, PNG, or WebP)',
    imageTooLarge: 'Image file size must be less than 10MB',
    noImage: 'Please select an image file to upload',
    invalidWatermark: 'Please select a valid PNG image for the watermark to support transparency',
    watermarkTooLarge: 'Watermark file size must be less than 5MB',
    noWatermark: 'Please select a PNG image to upload as watermark',
    httpError: (status: number, statusText: string) => `Error ${status}: ${statusText}`,
    noResponse: 'No response received from server. Please check your connection and try again.',
    requestError: (message: string) => `Request error: ${message}`,
  },

  emailConfig: {
    invalidStored: 'The stored email configuration is invalid. Default values will be used.',
    loadFailed: 'Failed to load email configuration. Please try again.',
    saveFailed: 'Failed to save email configuration. Please try again.',
    // The editor names its placeholders; the preview is the server's e-mail. Ours.
    placeholders:
      "Use {productName} for the product name, {button} for the label of the e-mail's main button ('Watch and download your clips', which opens the player's phone page) and {retentionDays} for how many days the clips are kept. The folder link, the receipt and the date the clips are removed are added below the button.",
    previewLanguage: 'Preview in',
    previewFailed: 'The preview could not be loaded. Please try again.',
  },

  storage: {
    refresh: 'Refresh',
    deleteOld: 'Delete Files > 2 Days',
    emptyDrive: 'Empty Drive',
    // The spec asks for confirmations without quoting them: our wording.
    // Each clean-up says what it removes before asking.
    confirmDeleteOld: (files: number, size: string) =>
      `Delete ${files} ${files === 1 ? 'file' : 'files'} (${size}) older than 2 days from the drive? This cannot be undone.`,
    confirmEmpty: (files: number, size: string) =>
      `Delete all ${files} ${files === 1 ? 'file' : 'files'} (${size}) this product stored on the drive? This cannot be undone.`,
    nothingOld: 'No file is older than 2 days: there is nothing to delete.',
    nothingStored: 'This product has stored no file on the drive: there is nothing to delete.',
    counting: 'Counting the files...',
    countFailed: 'Failed to count the files. Please try again.',
    typeDelete: 'Type DELETE to confirm',
    typeDeleteWord: 'DELETE',
    cancel: 'Cancel',
    deleteNow: 'Delete',
    quotaInfoFailed: 'Failed to fetch storage quota information',
    quotaFailed: 'Failed to fetch storage quota. Please try again.',
    deleteOldFailed: 'Failed to delete old files. Please try again.',
    emptyFailed: 'Failed to empty Google Drive. Please try again.',
  },

  // Not in the spec: the Integrations panel (inside the Storage Quota tab). Our wording.
  integrations: {
    title: 'Integrations',
    kinds: { payments: 'Payments', storage: 'Storage', mail: 'E-mail', whatsapp: 'WhatsApp' },
    adapter: 'Adapter',
    lastSuccess: 'Last success',
    lastError: 'Last error',
    never: 'Never',
    none: 'None',
    test: 'Test connection',
    testing: 'Testing...',
    loadFailed: 'Failed to load the integrations. Please try again.',
    testRequestFailed: 'The test could not be run. Please try again.',
    browserUploadOk: 'This browser uploaded a 256 KiB test chunk straight to the storage: kiosk uploads can reach it.',
    browserUploadFailed: (reason: string) =>
      `This browser could not upload a test chunk to the storage (${reason}): kiosk uploads will fail the same way. Check that the storage accepts this site's origin (CORS).`,
    /** What to do about each credential alert: the adapters' own advice, worded again in Indonesian. */
    alertAdvice: {
      google_invalid_grant: INTEGRATION_MESSAGES.googleInvalidGrantAdvice,
      midtrans_unauthorized: INTEGRATION_MESSAGES.midtransUnauthorizedAdvice,
      smtp_auth_failed: INTEGRATION_MESSAGES.smtpAuthAdvice,
      smtp_tls_failed: INTEGRATION_MESSAGES.smtpTlsAdvice,
      google_sharing_restricted: INTEGRATION_MESSAGES.driveSharingAdvice,
      google_storage_full: INTEGRATION_MESSAGES.driveStorageAdvice,
      s3_access_denied: INTEGRATION_MESSAGES.s3AccessDeniedAdvice,
      whatsapp_unauthorized: INTEGRATION_MESSAGES.whatsappUnauthorizedAdvice,
      whatsapp_configuration: INTEGRATION_MESSAGES.whatsappConfigurationAdvice,
      whatsapp_payment: INTEGRATION_MESSAGES.whatsappPaymentAdvice,
    } satisfies Record<CredentialAlertCode, string>,
  },

  errorsTab: {
    title: 'Error Logs',
    // Not in the spec: the error log, gathered from every place a problem is recorded. Ours.
    empty: 'No open errors. Every kiosk is reporting and every player got their clips.',
    emptyFiltered: 'No errors match these filters.',
    loadFailed: 'Failed to load error logs. Please try again.',
    table: 'Error log',
    columns: ['When', 'Kind', 'Venue', 'Device', 'What happened', 'What to do', 'Status'],
    kindFilter: 'Kind',
    allKinds: 'All kinds',
    statusFilter: 'Status',
    statuses: { open: 'Open', resolved: 'Resolved', all: 'All' },
    showStaging: 'Include staging purchases',
    kinds: {
      parked_purchase: 'Purchase refused',
      upload_failed: 'Upload failed',
      email_failed: 'E-mail failed',
      whatsapp_failed: 'WhatsApp failed',
      whatsapp_unconfirmed: 'WhatsApp unconfirmed',
      payment_reversed: 'Payment reversed',
      late_settlement: 'Late payment',
      undelivered: 'Paid, not delivered',
      credential_alert: 'Credentials',
      integration_failure: 'Service failing',
      kiosk_offline: 'Kiosk offline',
      camera_offline: 'Camera offline',
      camera_password: 'Camera password refused',
      clips_failing: 'Clips failing',
      recorder_alert: 'Recorder alert',
    },
    resolve: 'Mark resolved',
    resolving: 'Saving...',
    resolveFailed: 'Failed to mark the error as resolved. Please try again.',
    resolvedBy: (who: string, when: string) => `Resolved by ${who}, ${when}`,
    resolvedItself: (when: string) => `Resolved by itself, ${when}`,
    wholeInstall: 'All venues',
    parkedWhat: (reason: string, status: number, email: string, videos: number, amount: string) =>
      `The server refused a purchase the kiosk had queued while offline: ${reason} (${status}). ${email}, ${videos} ${plural(videos, 'clip', 'clips')}, ${amount}.`,
    parkedTodo: 'Contact the player at that address: if they paid, give them their clips another way or refund them.',
    uploadWhat: (uploaded: number, clips: number, reason: string | undefined) =>
      `The kiosk uploaded ${uploaded} of ${clips} ${plural(clips, 'clip', 'clips')}${reason ? `: ${reason}` : ''}.`,
    uploadTodo:
      'Use Resend on this purchase in Transactions, on a computer with the clips folder: it uploads the missing clips and sends the e-mail.',
    emailWhat: (to: string | undefined, reason: string | undefined) =>
      `The e-mail${to ? ` to ${to}` : ''} was not delivered${reason ? `: ${reason}` : ''}.`,
    emailTodo: 'Check the address (Transactions, Details or Edit e-mail), then Resend.',
    // A WhatsApp message Meta did not deliver. Ours.
    whatsappWhat: (to: string | undefined, reason: string | undefined) =>
      `The WhatsApp message${to ? ` to ${to}` : ''} was not delivered${reason ? `: ${reason}` : ''}`,
    whatsappTodo:
      "Check the number with the player (Transactions, Edit contact), correct it or add an e-mail address, then Resend. If the reason names the template or the token, ask whoever set up this server's WhatsApp to correct it (Integrations shows whether WhatsApp works), then Resend.",
    // A WhatsApp message Meta may or may not have taken (no answer), with no delivery status since. Ours.
    whatsappUnconfirmedWhat: (to: string | undefined, purchaseId: string, minutes: number) =>
      `The WhatsApp message${to ? ` to ${to}` : ''} of purchase ${purchaseId} was handed to WhatsApp without an answer, and no delivery status came within ${minutes} minutes: the player may not have it. It is not sent again by itself.`,
    whatsappUnconfirmedTodo:
      'Ask the player whether the message arrived. If not, check the number (Transactions, Edit contact) and press Resend on the purchase; or add an e-mail address and Resend.',
    reversedWhat: (amount: string, reversal: 'failed' | 'expired' | 'refunded', detail?: { kind: string; amount: string | null }) =>
      `A paid purchase of ${amount} was ${
        detail
          ? `${REVERSED_VERBS[detail.kind as keyof typeof REVERSED_VERBS] ?? detail.kind}${detail.amount ? ` (${detail.amount})` : ''}`
          : { failed: 'denied or cancelled', expired: 'expired', refunded: 'refunded' }[reversal]
      } by the payment provider afterwards.`,
    reversedTodo:
      'Check the payment in the Midtrans dashboard. The purchase stays paid until you decide; the player may already have the clips.',
    lateWhat: (amount: string, previous: string, afterWindow: boolean, promoOverQuota: string | null) =>
      `The payment provider settled ${amount}${previous === 'failed' ? ' after the payment had failed' : previous === 'expired' ? ' after the purchase had expired or been closed at the kiosk' : ''}${afterWindow ? ', after the payment window and its grace had passed' : ''}. The purchase is now paid and its clips are delivered.${promoOverQuota ? ` Promo code ${promoOverQuota} is now used more often than its quota allows.` : ''}`,
    lateTodo:
      'Nothing is needed for the player. Check the payment in the Midtrans dashboard if the timing looks wrong; raise the promo quota if it was used up.',
    undeliveredWhat: (amount: string, minutes: number, missing: 'clips' | 'email' | 'whatsapp') =>
      `A ${amount === 'Rp 0' ? 'free purchase' : `purchase paid ${amount}`} is not delivered after ${minutes} minutes: ${missing === 'clips' ? 'no clips were uploaded (no link saved)' : missing === 'email' ? 'the e-mail has not gone out' : 'the WhatsApp message has not gone out'}.`,
    undeliveredTodo:
      'Check that the kiosk is online (its clips upload from there), then Mark resolved: that runs the delivery again. If the clips never arrive, use Resend in Transactions on a computer with the clips folder.',
    integrationWhat: (service: string, message: string) => `${service} failed: ${message}`,
    integrationTodo: "Open Integrations and press Test connection; if it keeps failing, check the service's credentials and status.",
    // Kiosks silent for more than 10 minutes.
    offlineWhat: (minutes: number) => `The kiosk stopped reporting (offline for more than ${minutes} minutes).`,
    offlineAdvice: 'Check that the kiosk PC is on, the kiosk page is open and the venue network works.',
    // A court's camera the venue's recorder cannot record, then why (recorders.reasons): our wording.
    cameraOfflineWhat: (court: string, since: string) => `${court}'s camera has been offline since ${since}.`,
    cameraOfflineTodo: "Check the camera's power and network cable, and its address and password in Venues (Camera).",
    cameraPasswordWhat: (court: string, since: string) =>
      `${court}'s camera has refused the recorder's user name or password since ${since}.`,
    clipsFailingWhat: (court: string, since: string) => `${court}'s clips have not been written since ${since}.`,
    cameraUrlRefusedWhat: (court: string, since: string) => `The recorder has refused ${court}'s camera address since ${since}.`,
    closesWhenRecording: 'The entry closes by itself when recording resumes.',
    closesWhenClipsWritten: 'The entry closes by itself when clips are written again.',
    recorderAlertWhat: (recorder: string, alert: string) => `Recorder ${recorder}: ${alert}`,
    recorderAlerts: {
      'disk-low': 'the disk of its buffer is running low, so the oldest video is deleted first.',
      'task-failed': 'one of its tasks failed; it goes on recording.',
    },
    recorderAlertTodo:
      "Free disk space on the recorder's PC (delete or move old clips): until then the oldest video of its buffer is deleted first. The entry closes by itself when there is room again.",
    recorderTaskTodo:
      'The recorder goes on recording. Follow the message: close the program that holds a file, or let the recorder write in its folders. The entry closes by itself once the task works again.',
  },

  createAdmin: {
    email: 'Email',
    password: 'Password',
    confirmPassword: 'Confirm Password',
    role: 'Role',
    roleAdmin: 'Admin',
    roleSuperAdmin: 'Super Admin',
    venue: 'Venue',
    superAdminNote: 'Super Admins have access to all venues',
    backToDashboard: 'Back to Dashboard',
    credentialsRequired: 'Email and password fields are required',
    venueRequired: 'Please select a venue for this admin',
    passwordsMismatch: 'Passwords do not match',
    venuesLoadFailed: 'Failed to load venues. Please try again.',
    createFailed: 'Failed to create admin account',
  },

  // The back-office's labels its screens held in their own code, gathered here so
  // both languages have them (same English words as before), and the header's language switch. Ours.
  adminScreens: {
    language: 'Language',
    languageFailed: 'Failed to save the language. Please try again.',
    loading: 'Loading...',
    venue: 'Venue',
    selectVenue: 'Select a venue',
    login: { email: 'Email', password: 'Password' },
    transactions: {
      title: 'Transactions',
      searchByEmail: 'Search by e-mail or phone number',
      searchPlaceholder: 'customer@example.com or 0812…',
      startDate: 'Start date',
      endDate: 'End date',
      dateShortcuts: 'Date shortcuts',
      shortcuts: { Today: 'Today', Yesterday: 'Yesterday', 'Last 7 days': 'Last 7 days', 'This month': 'This month' },
      court: 'Court',
      allCourts: 'All Courts',
      pagination: 'Pagination',
      previous: 'Previous',
      next: 'Next',
      page: (page: number, pages: number) => `Page ${page} of ${pages}`,
      delivery: {
        awaiting_payment: 'Awaiting payment',
        not_paid: 'Not paid',
        paid: 'Waiting for upload',
        uploading: (uploaded: number, total: number) => `Uploading ${uploaded} of ${total}`,
        link_saved: 'Link saved',
        emailed: 'E-mailed',
        failed: (reason: string | null) => (reason ? `Failed: ${reason}` : 'Failed'),
      },
    },
    devices: {
      thisDevice: 'This Device',
      currentDeviceId: 'Current device ID:',
      title: 'Devices',
      filterByVenue: 'Filter by venue',
      registerThisDevice: 'Register this device',
      venueRequired: 'Venue *',
      court: 'Court (optional)',
      noCourt: 'No court',
      register: 'Register This Device',
    },
    product: {
      videoPrice: 'Video Price',
      ownPrice: "This venue's own price.",
      globalPrice: 'The price of all venues.',
      useGlobalPrice: 'Use the price of all venues',
      pricePerVideo: 'Price per video (Rp)',
      savePrice: 'Save Price',
      scaleAndSave: (price: string) => `Scale tiers to ${price} and save`,
      gateway: (enabled: boolean) => `Payment Gateway ${enabled ? 'Enabled' : 'Disabled'}`,
      bundlingPromo: 'Bundling Promo',
      useDefaultTiers: 'Use Default Tiers',
      addTier: '+ Add Tier',
      noTiers: 'No bundling tiers: every video is sold at the video price.',
      tiersTable: 'Bundling tiers',
      tierColumns: ['Quantity', 'Price per video (Rp)', 'Enabled', 'Actions'],
      quantityN: (n: number) => `Quantity ${n}`,
      priceN: (n: number) => `Price ${n}`,
      enabledN: (n: number) => `Enabled ${n}`,
      remove: 'Remove',
      applyScaledTiers: (price: string) => `Use tiers scaled to ${price}`,
      saveBundling: 'Save Bundling Promo',
    },
    promos: {
      title: 'Promo Codes',
      empty: 'No promo codes yet.',
      table: 'Promo codes',
      allVenues: 'All venues',
      thisVenueOnly: 'This venue only',
      // Promo codes have no staging copy: the staging tab says so, beside each code and above them.
      sharedWithLive: 'Shared with live',
      sharedNote: 'Promo codes are shared with live: a code added or changed here works at live kiosks too.',
      onlyAt: (venue: string) => `Only at ${venue}`,
      edit: 'Edit',
      delete: 'Delete',
      editForm: 'Edit promo code',
      addForm: 'Add promo code',
      name: 'Name',
      code: 'Code',
      generate: 'Generate',
      discountType: 'Discount Type',
      fixedAmount: 'Fixed Amount (Rp)',
      percentage: 'Percentage (%)',
      amount: 'Amount (Rp)',
      quota: 'Quota (0 = unlimited)',
      update: 'Update Promo Code',
      create: 'Create Promo Code',
      cancel: 'Cancel',
    },
    venues: { courts: 'Courts', addCourt: 'Add court', addVenue: 'Add venue' },
    cms: {
      emailFields: {
        EMAIL_SUBJECT: 'Subject',
        EMAIL_HEADING: 'Heading',
        EMAIL_THANK_YOU: 'Thank-you line',
        EMAIL_INSTRUCTIONS: 'Instructions',
        EMAIL_CLOSING: 'Closing',
        EMAIL_FOOTER: 'Footer',
      },
      emailSaved: 'Email template saved successfully',
      emailTemplate: 'Email template',
      saveEmailTemplate: 'Save Email Template',
      emailPreview: 'Email preview',
      emailPreviewBody: 'Email preview body',
      current: (section: string) => `Current ${section}`,
      noFile: 'No file uploaded yet.',
      upload: 'Upload',
      uploadProgress: 'Upload progress',
    },
    admins: { delete: 'Delete' },
    storage: {
      title: 'Storage Quota',
      used: 'Storage used',
      summary: (usedMb: number, limitMb: number) => `used: ${usedMb} MB of ${limitMb} MB`,
      inDrive: 'In Drive',
      inTrash: 'In Trash',
      lastUpdated: 'Last updated',
      filesDeleted: (n: number) => `${n} ${n === 1 ? 'file' : 'files'} deleted`,
    },
    createAdmin: { title: 'Create Admin', create: 'Create Admin' },
  },
} as const;

/**
 * The server's own answers (the `message` of an error or notice body) that no screen above names.
 * Not quoted by the spec unless an entry says so: our wording. Clients may show them word for word.
 */
export const SERVER_MESSAGES = {
  request: {
    notFound: 'Not found',
    invalidJson: 'Request body must be valid JSON',
    invalidBody: 'Request body is not valid',
    /** A NUL character (U+0000) anywhere in a request's text: no stored text may hold one (PostgreSQL cannot). */
    nulCharacter: 'must not contain a NUL character (U+0000)',
    nulInAddress: 'The address must not contain a NUL character (U+0000)',
    tooLarge: 'Request body is too large',
    /** A JSON body nested deeper than any call takes (a hostile body, not a mistake). */
    tooDeep: 'Request body is nested too deeply',
    notProcessed: 'The request could not be processed',
    serverError: 'Something went wrong on the server. Please try again.',
  },
  access: {
    notLoggedIn: MESSAGES.transactions.notLoggedIn,
    noPermission: 'You do not have permission to do this.',
    superAdminOnly: 'Only a super admin can do this.',
    ownVenueOnly: 'You can only manage your own venue.',
    deviceNotRegistered: 'This device is not registered. Please ask staff to register it.',
    deviceNotAuthorized: 'This device is not authorized. Please ask staff to authorize it.',
    tooManyWrongTokens: 'Too many wrong tokens from this address: wait as long as Retry-After says, then try again.',
  },
  purchases: {
    transactionNotFound: 'Transaction not found',
    notYourPurchase: 'Only the kiosk that made this purchase can update it.',
    foreignLink: "The link is not this purchase's folder.",
    notOwnStorageLink: "The link must be a folder on this product's storage (its Google Drive folder or this server's /d/ share page).",
    noLinkYet: 'This transaction has no link to send yet.',
  },
  payments: {
    notConfigured: MESSAGES.checkout.paymentNotConfigured,
    initFailed: MESSAGES.checkout.paymentInitFailed,
    notANotification: 'Not a payment notification',
    invalidSignature: 'Invalid signature',
    amountMismatch: 'Amount does not match the transaction',
    statusUnconfirmed: 'Payment status could not be confirmed; please retry',
    statusNotFinal: 'Payment status not final yet; please retry',
    unknownToken: 'Unknown payment token',
    orderEnded: 'This order has ended and can no longer be paid.',
    notRedirect: 'This payment is made on the kiosk, not on this page.',
    outcomeInvalid: 'outcome must be success, pending, failure or close',
    endFailed: 'The earlier payment could not be ended yet; please try again.',
  },
  storage: {
    notConfigured: 'Storage is not configured.',
    full: 'Storage is full. Please ask staff to delete old files.',
    folderNotFound: 'Folder not found',
    fileNotFound: 'File not found',
    rangeNotSatisfiable: 'The requested range starts past the end of the file.',
    notOurFolder: 'This folder was not made by CourtReplay; it is left alone.',
    notYourPurchase: 'Only the kiosk that made this purchase can upload its videos.',
    notYourFolder: 'Only the kiosk or admin that made this folder can upload into it.',
    purchaseErased: 'This purchase was erased: it takes no more videos or links.',
    purchaseClipsRemoved: "This purchase's videos were removed after the retention period: it takes no more videos or links.",
    purchaseUnpaid: 'This purchase ended unpaid: it takes no more videos or links.',
    clipNotInPurchase: "videoId is not one of this purchase's videos.",
    olderThanInFuture: 'olderThan must be a date in the past',
    olderThanInvalid: 'olderThan must be an ISO date',
    notYourUpload: 'This upload is not one of yours.',
    invalidFileSize: 'Invalid file size',
    invalidFileName: 'Invalid file name',
    invalidVideo: MESSAGES.cms.invalidVideo,
  },
  upload: {
    notOurUrl: 'This is not an upload URL of this server.',
    notThisKiosks: "This upload is not one of this kiosk's.",
    sessionExpired: 'The upload session has expired; ask for a new upload URL.',
    linkInvalid: 'This upload link is not valid.',
    linkExpired: 'This upload link has expired.',
    typeMismatch: 'The content type does not match the upload link.',
    sizeMismatch: 'The size does not match the upload link.',
    empty: 'The upload is empty.',
    storageUnreachable: (reason: string) => `The storage could not be reached: ${reason}.`,
    storageAnswered: (status: number) => `The storage answered ${status} when asked about the upload.`,
  },
  drive: {
    sessionRefused: (status: number) => `Google Drive refused the upload session (${status}).`,
    parentInvisible: (parent: string) =>
      `Google Drive cannot see the parent folder ${parent}. With scope drive.file the app sees only folders it made: run \`npm run drive:connect\` to create the parent folder and set GOOGLE_DRIVE_PARENT_FOLDER_ID to the id it prints.`,
    requestFailed: (reason: string) => `Google Drive request failed: ${reason}`,
    tokenRefused: (status: number, error: string) => `Google's token endpoint refused the credentials (${status} ${error}).`,
    keyRefused: 'Google refused the service account key.',
    unreachable: (reason: string) => `Google Drive could not be reached: ${reason}.`,
    storageFull:
      'Google Drive is full (storageQuotaExceeded): the clips cannot be stored. An operator must free space (Storage Quota tab) or buy more storage.',
    rateLimited: (reason: string) => `Google Drive is limiting how fast this app may call it (${reason}); try again in a minute.`,
    notFound: (reason: string) => `Google Drive cannot find the folder or file (${reason}); it may have been deleted.`,
    refused: (status: number, reason: string, message: string) =>
      `Google Drive refused the request (${status}${reason ? ` ${reason}` : ''}): ${message}`,
  },
  s3: {
    accessDenied: (code: string) => `The bucket refused this server's keys (${code}): clips cannot be stored or served.`,
    slowDown: (code: string) => `The bucket asks this server to slow down (${code}); try again in a minute.`,
    noSuchBucket: (bucket: string) => `The bucket ${bucket} does not exist (NoSuchBucket): check S3_BUCKET and S3_ENDPOINT.`,
    failed: (reason: string) => `The bucket answered with an error: ${reason}`,
    tooLarge: 'A clip larger than 5 GB cannot be stored in one upload.',
    notOurUrl: 'This is not an upload URL of this bucket.',
    notMultipart: 'This upload is not sent in parts.',
    uploadGone: 'This upload in parts was aborted or has expired (NoSuchUpload); ask for a new upload URL and send the clip again.',
    partsMissing: (missing: string) =>
      `The bucket does not hold every part of this upload yet (missing: ${missing}); send them, then complete.`,
    partTooSmall:
      'A part other than the last is smaller than 5 MiB (EntityTooSmall); ask for the parts again and send them at the size given.',
    partRefused: (code: string) => `The bucket refused the parts of this upload (${code}); ask for the parts again and send them.`,
  },
  kioskReports: {
    reported: 'Reported',
    dismissed: 'Dismissed',
  },
} as const;

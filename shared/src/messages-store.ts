// The player's store on the phone that marked the rally (/c/{courtCode}) and what the phone page
// adds for a rally bought there. Ours (the spec has no phone store); Bahasa Indonesia is in
// messages-store-id.ts, typed to hold every key with the same parameters.
import type { MarkFailureReason } from './mark-failures.ts';

const plural = (n: number, one: string, many: string): string => (n === 1 ? one : many);

export const STORE_MESSAGES = {
  marked: (time: string, court: string) => `Marked ${time} on ${court}. Your rally appears below in a few seconds.`,
  markedOffline: (time: string, court: string) =>
    `Marked ${time} on ${court}. The venue is offline right now: your rally is saved and will be ready when the venue is back online.`,
  explain:
    'Tap the button right after a rally worth keeping. Its clip comes to this phone in seconds: watch the preview, then buy it here.',
  myRallies: 'My rallies today',
  loading: 'Loading your rallies…',
  noRallies: 'No rallies yet today. Tap "Mark this moment" right after a great rally.',
  needsScript: 'Turn on JavaScript to watch and buy your rallies here, or find them at the kiosk under Marked moments.',
  noCookies: 'This browser keeps no cookies, so it cannot keep your rallies. Allow cookies for this site, or find them at the kiosk.',
  preview: 'Preview',
  rallyTitle: (court: string, time: string) => `${court}, ${time}`,
  length: (seconds: number) => `${seconds} s`,
  cutting: 'Cutting your clip…',
  uploading: (sent: string, total: string) => `Sending your clip: ${sent} of ${total}`,
  ready: 'Ready to buy',
  offline:
    'The venue is offline right now. Your rally is saved and will be ready when the venue is back online. Nothing is charged until then.',
  late: 'This is taking longer than usual. If it does not appear, find it at the kiosk under Marked moments.',
  atKiosk: 'Find this rally at the kiosk under Marked moments.',
  removed: 'This clip has been removed.',
  failed: {
    'no-camera': 'This court has no camera, so there is no clip of this moment.',
    'camera-offline': 'The camera was offline at that moment, so there is no clip of it.',
    'recorder-offline': "The venue's recorder was offline at that moment, so there is no clip of it.",
    'cut-failed': 'The clip could not be cut. Look for your rally at the kiosk under Marked moments.',
    'upload-failed': 'The clip could not be sent to your phone. Look for your rally at the kiosk under Marked moments.',
  } satisfies Record<MarkFailureReason, string>,
  bought: 'Bought',
  watch: 'Watch and download',
  pick: 'Pick the rallies you want and pay once.',
  each: (price: string) => `${price} per rally`,
  selected: (count: number) => `${count} ${plural(count, 'rally', 'rallies')} selected`,
  total: 'Total',
  promoCode: 'Promo code',
  applyPromo: 'Apply',
  promoApplied: (code: string, discount: string) => `${code}: ${discount} off`,
  pay: (total: string) => `Pay ${total}`,
  getFree: 'Get my rallies',
  paying: 'Opening the payment…',
  payHelp: 'You pay on the next page: GoPay, ShopeePay and DANA open their app and bring you back here; QRIS and cards work too.',
  qrisTitle: 'Paying by QRIS on this phone?',
  qrisSteps: [
    'Save the QR code: press and hold it and choose Save image, or take a screenshot.',
    'Open your wallet or bank app (GoPay, OVO, DANA, ShopeePay, your bank) and choose Pay or Scan.',
    'Choose Upload or Gallery, pick the saved image and confirm the payment.',
    'Come back to this page: your rallies play as soon as the payment is confirmed.',
  ],
  pendingOrder: (total: string) => `A payment of ${total} is waiting for you.`,
  continuePay: 'Continue to pay',
  cancelOrder: 'Cancel this payment',
  cancelled: 'The payment was cancelled. Nothing was charged.',
  paidAlready: 'That payment went through: your rallies are ready to watch.',
  notifyTitle: 'Tell me when my rallies are ready',
  email: 'E-mail',
  whatsapp: 'WhatsApp number',
  whatsappConsent: 'Send me a WhatsApp message when they are ready',
  notifySend: 'Notify me',
  notifySaved: 'We will send you a message as soon as your rallies are ready.',
  nothingWaiting: 'None of your rallies is waiting for the venue: they are listed below.',
  contactRequired: 'Please enter an e-mail address or a WhatsApp number.',
  noConnection: 'No connection. Your rallies are safe: this page updates when you are back online.',
  tryAgain: 'Something went wrong. Please try again.',
  tooMany: 'Too many tries from this network just now. Please try again in a minute.',
  // Refusals of the server, in the player's words.
  pickOne: 'Please pick at least one rally.',
  pickFewer: (max: number) => `Please pick at most ${max} rallies at a time.`,
  notYours: 'That rally is not one of yours.',
  alreadyBought: 'You already bought that rally: it is under Bought.',
  notReady: 'That rally is not on the server yet. You can buy it as soon as it is ready.',
  preparing: 'Your payment is being prepared. Please try again in a moment.',
  totalChanged: 'The prices have just changed. Please check the total and pay again.',
  // A clip of a phone purchase still on its way, and the optional copy (the phone page /p/{token}).
  clipOnItsWay: (n: number, sent: string, total: string) =>
    `Clip ${n} is still on its way from the venue (${sent} of ${total}). It plays here as soon as it arrives.`,
  clipWaitingForVenue: (n: number) => `Clip ${n} is waiting for the venue to come back online. It plays here as soon as it arrives.`,
  backToStore: 'Back to my rallies',
  copyTitle: 'Get a copy and a receipt (optional)',
  copySend: 'Send me a copy',
  copySent: 'A copy and the receipt are on their way.',
  copyAlready: 'A copy was already sent for this purchase.',
  readyNoticeSubject: 'Your rally is ready',
  readyNotice: (court: string, time: string, link: string) =>
    `Your rally on ${court} at ${time} is ready. Watch it and buy it here: ${link}`,
} as const;

// The texts of the player's own pages on a phone: the phone page /p/{token} and the court's "Mark
// this moment" page /c/{courtCode} (the store below its button is messages-store.ts). Ours; also in
// Indonesian (messages-id.ts). Kept beside messages.ts, which holds them as its phone and mark groups.

const plural = (n: number, one: string, many: string): string => (n === 1 ? one : many);

export const PHONE_GROUP = {
  title: 'Your clips',
  courtAt: (court: string, venue: string) => `${court}, ${venue}`,
  clip: (n: number) => `Clip ${n}`,
  download: 'Download',
  downloadAll: 'Download all (ZIP)',
  shareWhatsApp: 'Share on WhatsApp',
  share: 'Share',
  shareText: 'My clips from the court',
  uploading: (ready: number, expected: number) =>
    `${ready} of ${expected} clips ready. The rest are still uploading: they appear here by themselves.`,
  waitingForPayment: 'Waiting for payment. This page shows your clips once the payment is confirmed.',
  notPaid: 'This purchase was not paid, so it has no clips.',
  removed: (date: string) => `These clips were removed on ${date}. Clips are kept for a limited time only.`,
  erased: 'These clips were removed at the player’s request.',
  keptUntil: (days: number, date: string) =>
    `Clips are kept for ${days} ${plural(days, 'day', 'days')}, until ${date}. Download them to keep them.`,
  notFound: 'This link is not valid. Check the QR code or the link in your e-mail.',
  tooManyDownloads: 'These clips are already being downloaded 3 times at once. Please wait for a download to finish and try again.',
  tooManyClipStreams: 'These clips are already playing or downloading 12 times at once. Please close one and try again.',
} as const;

export const MARK_GROUP = {
  button: 'Mark this moment',
  explain: 'Tap the button right after a rally worth keeping. Then find the clip at the kiosk under Marked moments.',
  marked: (time: string, court: string) => `Marked ${time} on ${court}: find it at the kiosk under Marked moments`,
  tooMany: 'Too many marks from this network just now. Please try again in a minute.',
  noCamera: (court: string) => `${court} has no camera, so no clip is cut for this moment. Look for your rally at the kiosk by its time.`,
  notRecording: (time: string, court: string) =>
    `Marked ${time} on ${court}, but its camera is not recording right now, so no clip can be cut for this moment. Please tell the venue's staff.`,
  notFound: 'This code is not valid any more. Please scan the QR code on the court.',
  otherLanguage: 'Bahasa Indonesia',
  posterTitle: 'Great rally? Mark it!',
  posterScan: 'Scan with your phone camera and tap "Mark this moment". Your clip waits at the kiosk under Marked moments.',
} as const;

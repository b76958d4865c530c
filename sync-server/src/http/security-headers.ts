// Security headers on every answer (design section 3). The CSP allows exactly the payment provider's
// origins (Midtrans Snap, live and sandbox) besides our own; blob: and data: for local clips and
// thumbnails. With the Google Drive storage adapter the browser uploads straight to Google's
// resumable upload URLs, so that one origin (GOOGLE_API_URL's) is added to connect-src.
import { secureHeaders } from 'hono/secure-headers';
import type { Config } from '../config.ts';

export const PAYMENT_ORIGINS = [
  'https://app.midtrans.com',
  'https://app.sandbox.midtrans.com',
  'https://api.midtrans.com',
  'https://api.sandbox.midtrans.com',
];

export function securityHeaders(config: Config) {
  const uploadOrigins = config.storage.kind === 'google-drive' ? [new URL(config.storage.apiUrl).origin] : [];
  return secureHeaders({
    contentSecurityPolicy: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'", ...PAYMENT_ORIGINS],
      frameSrc: ["'self'", ...PAYMENT_ORIGINS],
      connectSrc: ["'self'", ...PAYMENT_ORIGINS, ...uploadOrigins],
      imgSrc: ["'self'", 'blob:', 'data:'],
      mediaSrc: ["'self'", 'blob:', 'data:'],
      styleSrc: ["'self'", "'unsafe-inline'"],
      fontSrc: ["'self'", 'data:'],
      workerSrc: ["'self'"],
      manifestSrc: ["'self'"],
      objectSrc: ["'none'"],
      baseUri: ["'none'"],
      formAction: ["'self'", ...PAYMENT_ORIGINS],
      frameAncestors: ["'self'"],
    },
    strictTransportSecurity: 'max-age=31536000; includeSubDomains',
    xContentTypeOptions: 'nosniff',
    referrerPolicy: 'strict-origin-when-cross-origin',
    xFrameOptions: 'SAMEORIGIN',
    // Payment methods may open a provider window (e.g. 3-D Secure); keep it working.
    crossOriginOpenerPolicy: 'same-origin-allow-popups',
    crossOriginEmbedderPolicy: false,
  });
}

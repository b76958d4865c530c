// Security headers on every answer (docs/contributing.md, Rules the server enforces). The CSP allows exactly the payment provider's
// origins (Midtrans Snap, live and sandbox) besides our own; blob: and data: for local clips and
// thumbnails. With the Google Drive storage adapter the browser uploads straight to Google's
// resumable upload URLs, so that one origin (GOOGLE_API_URL's) is added to connect-src; with S3 it
// PUTs to the bucket's presigned URLs, so the bucket's origin is.
import { createMiddleware } from 'hono/factory';
import { secureHeaders } from 'hono/secure-headers';
import { bucketOrigin } from '../adapters/s3-location.ts';
import type { Config } from '../config-types.ts';

export const PAYMENT_ORIGINS = [
  'https://app.midtrans.com',
  'https://app.sandbox.midtrans.com',
  'https://api.midtrans.com',
  'https://api.sandbox.midtrans.com',
];

/** The official hosts, plus the origins of any MIDTRANS_*_URL override (an imitation in pre-production tests). */
export function paymentOrigins(config: Config): string[] {
  const overrides =
    config.payments.provider === 'midtrans' ? Object.values(config.payments.baseUrls).map((url) => new URL(url).origin) : [];
  return [...new Set([...PAYMENT_ORIGINS, ...overrides])];
}

export function securityHeaders(config: Config) {
  const global = globalSecureHeaders(config);
  // secureHeaders writes its headers after the route ran, overwriting a route's own stricter
  // Referrer-Policy (the share page sends no-referrer so its link never leaks); put the route's back.
  return createMiddleware(async (c, next) => {
    let routePolicy: string | null = null;
    await global(c, async () => {
      await next();
      routePolicy = c.res.headers.get('Referrer-Policy');
    });
    if (routePolicy) c.res.headers.set('Referrer-Policy', routePolicy);
  });
}

/** API answers carrying personal data (players' e-mails, sessions) must never sit in a cache. */
export const noStoreForPrivateApi = createMiddleware(async (c, next) => {
  await next();
  const path = c.req.path;
  const isPrivate = path.startsWith('/api/admin') || path.startsWith('/api/transaction') || Boolean(c.req.header('Authorization'));
  if (isPrivate) c.res.headers.set('Cache-Control', 'no-store');
});

function globalSecureHeaders(config: Config) {
  const s = config.storage;
  const uploadOrigins = s.kind === 'google-drive' ? [new URL(s.apiUrl).origin] : s.kind === 's3' ? [bucketOrigin(s)] : [];
  const payment = paymentOrigins(config);
  return secureHeaders({
    contentSecurityPolicy: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'", ...payment],
      frameSrc: ["'self'", ...payment],
      connectSrc: ["'self'", ...payment, ...uploadOrigins],
      imgSrc: ["'self'", 'blob:', 'data:'],
      mediaSrc: ["'self'", 'blob:', 'data:'],
      styleSrc: ["'self'", "'unsafe-inline'"],
      fontSrc: ["'self'", 'data:'],
      workerSrc: ["'self'"],
      manifestSrc: ["'self'"],
      objectSrc: ["'none'"],
      baseUri: ["'none'"],
      formAction: ["'self'", ...payment],
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

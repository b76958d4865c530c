// The service worker's runtime caches (vite.config.ts passes these to VitePWA's workbox options).
// CMS media (promo videos, background, watermark, served under /media/) is cached on first view so
// the kiosk home screen plays with the network down; hashed chunks that are not precached (the
// back-office and the payment result pages, left out by precache-scope.ts) are cached on first load. These functions are copied into the generated sw.js as source text:
// they must not refer to anything outside themselves.
import type { RuntimeCaching } from 'workbox-build';

/**
 * A <video> asks for byte ranges, and a 206 answer cannot be cached whole. On a cache miss, fetch
 * the whole file instead (200, cached); later range requests are then cut from the cache by the
 * range-requests plugin.
 */
const fetchWholeFile = {
  requestWillFetch: async ({ request }: { request: Request }) => {
    if (!request.headers.has('range')) return request;
    const headers = new Headers(request.headers);
    headers.delete('range');
    return new Request(request.url, { headers, credentials: 'same-origin' });
  },
};

export const offlineRuntimeCaching: RuntimeCaching[] = [
  {
    urlPattern: ({ url, sameOrigin }) => sameOrigin && url.pathname.startsWith('/media/'),
    handler: 'CacheFirst',
    options: {
      cacheName: 'cms-media',
      rangeRequests: true,
      cacheableResponse: { statuses: [200] },
      // A new upload gets a new URL, so old entries only take space: keep the last few.
      expiration: { maxEntries: 24, purgeOnQuotaError: true },
      plugins: [fetchWholeFile],
    },
  },
  {
    urlPattern: ({ url, sameOrigin }) => sameOrigin && url.pathname.startsWith('/assets/'),
    handler: 'CacheFirst',
    options: {
      cacheName: 'lazy-chunks',
      cacheableResponse: { statuses: [200] },
      expiration: { maxEntries: 200, purgeOnQuotaError: true },
    },
  },
];

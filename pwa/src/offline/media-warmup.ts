// Fetches the CMS media this server names (landscape and portrait promo videos, background,
// watermark, live and staging) as soon as the configuration is known, so the service worker caches
// them even before they are shown: the watermark appears only when a player opens a clip, possibly
// during an outage, and the portrait video only once the screen is turned.
import type { QueryClient } from '@tanstack/react-query';

/** The prefix of every configuration read (one per device status: kiosk/queries.ts). */
const CONFIG_KEY = ['kiosk', 'config'] as const;
const warmed = new Set<string>();

/** The same-origin /media/ URLs among the configuration's CMS entries. */
export function cmsMediaUrls(entries: { key: string; value: string }[]): string[] {
  return [...new Set(entries.filter((e) => e.key.startsWith('CMS_') && e.value.startsWith('/media/')).map((e) => e.value))];
}

function warm(data: unknown): void {
  const entries = (data as { entries?: { key: string; value: string }[] } | undefined)?.entries;
  if (!Array.isArray(entries) || !navigator.onLine) return;
  for (const url of cmsMediaUrls(entries)) {
    if (warmed.has(url)) continue;
    warmed.add(url);
    fetch(url)
      .then((res) => res.blob())
      .catch(() => warmed.delete(url));
  }
}

/** Warms the cache now and whenever the configuration changes; returns the unsubscribe. */
export function warmCmsMedia(client: QueryClient): () => void {
  for (const [, data] of client.getQueriesData({ queryKey: CONFIG_KEY })) warm(data);
  return client.getQueryCache().subscribe((event) => {
    // 'added' too: a configuration restored from the persisted cache arrives as a new query, with its data.
    const relevant = event.type === 'updated' || event.type === 'added';
    if (relevant && event.query.queryKey[0] === CONFIG_KEY[0] && event.query.queryKey[1] === CONFIG_KEY[1]) warm(event.query.state.data);
  });
}

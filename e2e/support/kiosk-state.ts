// What the kiosk holds and does, read for conditions the tests wait on instead of pausing: its
// persisted query cache (offline/query-persistence.ts) and the changes it has sent and not yet
// had answered.
import type { BrowserContext, Page, Request } from 'playwright-core';

/** The kiosk's persisted query cache as stored text ('' before the first write). */
export const persistedQueries = (page: Page) =>
  page.evaluate(
    () =>
      new Promise<string>((resolve) => {
        const open = indexedDB.open('courtreplay-query-cache');
        open.onsuccess = () => {
          const get = open.result.transaction('entries').objectStore('entries').get('courtreplay-kiosk-queries');
          get.onsuccess = () => resolve(String(get.result ?? ''));
          get.onerror = () => resolve('');
        };
        open.onerror = () => resolve('');
      }),
  );

/**
 * Counts the context's (pages' and service worker's) requests that change something on the
 * server (anything but GET and HEAD to /api/) still waiting for their answer.
 */
export function sendsInFlight(context: BrowserContext): () => number {
  const open = new Set<Request>();
  const sends = (r: Request) => new URL(r.url()).pathname.startsWith('/api/') && !['GET', 'HEAD'].includes(r.method());
  context.on('request', (r) => sends(r) && open.add(r));
  context.on('requestfinished', (r) => open.delete(r));
  context.on('requestfailed', (r) => open.delete(r));
  return () => open.size;
}

/**
 * Counts, from the next page load on, the IndexedDB transactions the page opens on each object
 * store: a pass of the kiosk's outbox (purchases, then uploads, then reports) shows as a read of
 * its last store.
 */
export async function countStoreReads(context: BrowserContext): Promise<(page: Page, store: string) => Promise<number>> {
  await context.addInitScript(() => {
    const reads: Record<string, number> = {};
    (window as unknown as { storeReads: Record<string, number> }).storeReads = reads;
    const transaction = IDBDatabase.prototype.transaction;
    IDBDatabase.prototype.transaction = function (this: IDBDatabase, stores: string | string[], ...rest: unknown[]) {
      for (const store of typeof stores === 'string' ? [stores] : Array.from(stores)) reads[store] = (reads[store] ?? 0) + 1;
      return (transaction as (...args: unknown[]) => IDBTransaction).call(this, stores, ...rest);
    } as typeof IDBDatabase.prototype.transaction;
  });
  return (page, store) =>
    page.evaluate((name) => (window as unknown as { storeReads: Record<string, number> }).storeReads[name] ?? 0, store);
}

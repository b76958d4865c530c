// A tiny key-value store over IndexedDB for the persisted query cache. Plain IndexedDB rather than
// Dexie, so the kiosk's first screen does not download Dexie before it needs the outbox.
const DB_NAME = 'courtreplay-query-cache';
const STORE = 'entries';

/** The key the kiosk's persisted query cache is kept under (query-persistence.ts). */
export const PERSISTED_QUERIES_KEY = 'courtreplay-kiosk-queries';

let opening: Promise<IDBDatabase> | null = null;

function open(): Promise<IDBDatabase> {
  opening ??= new Promise<IDBDatabase>((resolve, reject) => {
    const req = indexedDB.open(DB_NAME, 1);
    req.onupgradeneeded = () => req.result.createObjectStore(STORE);
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => {
      opening = null;
      reject(req.error ?? new Error('IndexedDB unavailable'));
    };
  });
  return opening;
}

function run<T>(mode: IDBTransactionMode, work: (store: IDBObjectStore) => IDBRequest): Promise<T> {
  return open().then(
    (db) =>
      new Promise<T>((resolve, reject) => {
        const tx = db.transaction(STORE, mode);
        const req = work(tx.objectStore(STORE));
        // Resolved when the transaction commits, so a write is on disk before it counts as done.
        tx.oncomplete = () => resolve(req.result as T);
        tx.onerror = () => reject(tx.error ?? req.error);
        tx.onabort = () => reject(tx.error ?? new Error('IndexedDB transaction aborted'));
      }),
  );
}

/** Reads started before anyone asked (see `preload`), each handed to the first `get` of its key. */
const preloaded = new Map<string, Promise<string | null>>();

const read = (key: string) => run<string | undefined>('readonly', (s) => s.get(key)).then((v) => v ?? null);

export const idbKv = {
  get: (key: string) => {
    const early = preloaded.get(key);
    preloaded.delete(key);
    return early ?? read(key);
  },
  set: (key: string, value: string) => {
    preloaded.delete(key);
    return run<IDBValidKey>('readwrite', (s) => s.put(value, key)).then(() => undefined);
  },
  remove: (key: string) => {
    preloaded.delete(key);
    return run<undefined>('readwrite', (s) => s.delete(key)).then(() => undefined);
  },
  /**
   * Starts reading `key` now, for the first `get` of it to find done: the persisted answers are
   * read while the first screen renders instead of after it, which on a slow kiosk PC held the
   * home screen back by a quarter of a second.
   */
  preload(key: string): void {
    if (preloaded.has(key)) return;
    const pending = read(key);
    // A failed early read is not reported here: the `get` that takes it reports it.
    pending.catch(() => undefined);
    preloaded.set(key, pending);
  },
};

// A tiny key-value store over IndexedDB for the persisted query cache. Plain IndexedDB rather than
// Dexie, so the kiosk's first screen does not download Dexie before it needs the outbox.
const DB_NAME = 'courtreplay-query-cache';
const STORE = 'entries';

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

export const idbKv = {
  get: (key: string) => run<string | undefined>('readonly', (s) => s.get(key)).then((v) => v ?? null),
  set: (key: string, value: string) => run<IDBValidKey>('readwrite', (s) => s.put(value, key)).then(() => undefined),
  remove: (key: string) => run<undefined>('readwrite', (s) => s.delete(key)).then(() => undefined),
};

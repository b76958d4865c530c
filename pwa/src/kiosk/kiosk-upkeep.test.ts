import { describe, expect, it, vi } from 'vitest';
import { requestPersistentStorage } from './kiosk-upkeep.ts';

describe('persistent storage for the kiosk', () => {
  it('asks once when not yet granted, and reports the answer', async () => {
    const persist = vi.fn(async () => true);
    expect(await requestPersistentStorage({ persisted: async () => false, persist })).toBe(true);
    expect(persist).toHaveBeenCalledTimes(1);
  });

  it('does not ask again when the storage is already persistent', async () => {
    const persist = vi.fn(async () => true);
    expect(await requestPersistentStorage({ persisted: async () => true, persist })).toBe(true);
    expect(persist).not.toHaveBeenCalled();
  });

  it('tolerates a browser without the Storage API, or one that throws', async () => {
    expect(await requestPersistentStorage(undefined)).toBeNull();
    expect(await requestPersistentStorage({})).toBeNull();
    expect(await requestPersistentStorage({ persist: () => Promise.reject(new Error('denied')) })).toBeNull();
  });
});

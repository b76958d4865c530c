// Which links an admin may save for a purchase, per configured storage (the API test beside
// manage-purchase.test.ts covers local storage and none through the app).
import { describe, expect, it } from 'vitest';
import { isOwnStorageLink } from './own-storage-link.ts';

const PUBLIC_URL = 'https://replay.example.id/shop';
const DRIVE = 'https://drive.google.com/drive/folders/1AbC-dEf_GhIjKlMnOpQrStUvWxYz0123';

describe('isOwnStorageLink', () => {
  it('with Google Drive: Drive folder links only', () => {
    const drive = { name: 'google-drive' } as const;
    for (const ok of [DRIVE, `${DRIVE}?usp=sharing`, 'https://drive.google.com/drive/u/0/folders/1AbC'])
      expect(isOwnStorageLink(ok, drive, PUBLIC_URL), ok).toBe(true);
    for (const bad of [
      `${PUBLIC_URL}/d/1AbC`,
      'https://drive.google.com/uc?id=1AbC',
      'https://docs.google.com/drive/folders/1AbC',
      'not a url',
    ])
      expect(isOwnStorageLink(bad, drive, PUBLIC_URL), bad).toBe(false);
  });

  it('with local storage: this server’s share page under PUBLIC_URL only', () => {
    const local = { name: 'local' } as const;
    expect(isOwnStorageLink(`${PUBLIC_URL}/d/1AbC`, local, PUBLIC_URL)).toBe(true);
    for (const bad of [DRIVE, 'https://replay.example.id/d/1AbC', `${PUBLIC_URL}/p/1AbC`, 'http://replay.example.id/shop/d/1AbC'])
      expect(isOwnStorageLink(bad, local, PUBLIC_URL), bad).toBe(false);
  });
});

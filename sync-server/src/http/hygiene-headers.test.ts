// Headers that keep personal data out of caches and share links out of Referer headers.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { bodyOf, makeAdapterTestApp, type AdapterTestApp } from '../adapters/testing/adapter-app.ts';

describe('hygiene headers', () => {
  let t: AdapterTestApp;
  beforeEach(async () => {
    t = await makeAdapterTestApp();
  });
  afterEach(() => t.close());

  it('keeps the share page its own Referrer-Policy: no-referrer over the global one', async () => {
    const venue = await t.seed.venue();
    const kiosk = (await t.seed.device({ venueId: venue.id })).headers;
    const folder = await bodyOf(
      t.call('createFolder', { body: { folderName: 'videos_20261120_1000_1videos' } }, { headers: kiosk, raw: true }),
    );
    const page = await t.app.request(`/d/${folder.folderId}`);
    expect(page.status).toBe(200);
    expect(page.headers.get('Referrer-Policy')).toBe('no-referrer');
    for (const path of [`/d/${folder.folderId}/clip.mp4`, '/d/no-such-folder', `/d/${folder.folderId}/x/y`]) {
      expect((await t.app.request(path)).headers.get('Referrer-Policy'), path).toBe('no-referrer');
    }
    // Everything else keeps the global policy.
    expect((await t.app.request('/api/health')).headers.get('Referrer-Policy')).toBe('strict-origin-when-cross-origin');
  });

  it('marks admin and transaction answers carrying personal data Cache-Control: no-store', async () => {
    const admin = await t.seed.admin({ role: 'super_admin' });
    for (const path of ['/api/admin/all', '/api/transaction', '/api/admin/verify']) {
      const res = await t.json('GET', path, undefined, admin.headers);
      expect(res.status, path).toBe(200);
      expect(res.headers.get('Cache-Control'), path).toBe('no-store');
    }
    const refused = await t.call('listPurchases', {}, { raw: true });
    expect(refused.status).toBe(401);
    expect(refused.headers.get('Cache-Control')).toBe('no-store');
  });
});

// The typed test client itself: it builds the request from the contract and holds the test to the
// status it expects, so a converted test cannot pass on an answer it did not ask for.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { requestOf } from '@courtreplay/shared';
import { makeTestApp, type SeededAdmin, type TestApp } from './index.ts';

let t: TestApp;
let superAdmin: SeededAdmin;
beforeAll(async () => {
  t = await makeTestApp();
  superAdmin = await t.seed.admin({ role: 'super_admin' });
});
afterAll(() => t.close());

describe('t.call', () => {
  it('sends the input to the named endpoint and answers its body', async () => {
    const { venue } = await t.call(
      'createVenue',
      { body: { name: 'Arena', location: 'Bali' } },
      { headers: superAdmin.headers, status: 201 },
    );
    const listed = await t.call('listFields', { params: { venueId: venue.id } }, { headers: superAdmin.headers });
    expect(listed).toEqual([]);
  });

  it('fails the test when the answer is not a success, or not the status it expects', async () => {
    await expect(t.call('listVenues', {})).rejects.toThrow('listVenues: GET /api/venue answered 401, expected a success');
    await expect(t.call('listVenues', {}, { headers: superAdmin.headers, status: 401 })).rejects.toThrow('answered 200, expected 401');
  });

  it('answers the error body when the test expects that error', async () => {
    const answer = await t.call('updateVenue', { params: { id: 999 }, body: { name: 'X' } }, { headers: superAdmin.headers, status: 404 });
    expect(answer).toEqual({ message: 'Venue not found' });
  });

  it('puts the query in the address, leaving out empty values, and fills the path parameters', () => {
    expect(requestOf('listPurchases', { query: { email: 'a b@x', page: '' } }).url).toBe('/api/transaction?email=a%20b%40x');
    expect(requestOf('purchaseStatus', { params: { id: 'CR-1/2' } }).url).toBe('/api/transaction/CR-1%2F2/status');
  });
});

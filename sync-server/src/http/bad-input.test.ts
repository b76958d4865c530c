// Whatever a client sends, the core calls answer a 4xx with { message } (or succeed): never a 500,
// never a stack trace. Random JSON values and strings, through the real app on a real database.
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTestApp, type SeededAdmin, type TestApp } from '../testing/index.ts';

let t: TestApp;
let superAdmin: SeededAdmin;
let kiosk: Record<string, string>;

beforeAll(async () => {
  t = await makeTestApp();
  const venue = await t.seed.venue();
  superAdmin = await t.seed.admin({ role: 'super_admin' });
  kiosk = (await t.seed.device({ venueId: venue.id })).headers;
});
afterAll(() => t.close());

const calls: [string, string][] = [
  ['POST', '/api/admin/login'],
  ['POST', '/api/admin/create'],
  ['POST', '/api/venue/create'],
  ['PUT', '/api/venue/1'],
  ['POST', '/api/field/create'],
  ['PUT', '/api/field/1'],
  ['PUT', '/api/field/device'],
  ['POST', '/api/device/register'],
  ['PUT', '/api/device/authorize'],
  ['POST', '/api/promo'],
  ['PUT', '/api/promo/1'],
  ['POST', '/api/promo/validate'],
  ['PUT', '/api/admin/config'],
];

/** Bodies: any JSON, objects with the call's likely keys holding any JSON, and raw non-JSON text. */
const likelyKeys = [
  'email',
  'password',
  'role',
  'venueId',
  'fieldId',
  'deviceId',
  'isAuthorized',
  'name',
  'location',
  'code',
  'amount',
  'percent',
  'quota',
  'key',
  'value',
];
const body = fc.oneof(
  fc.json(),
  fc.dictionary(fc.constantFrom(...likelyKeys), fc.jsonValue()).map((o) => JSON.stringify(o)),
  fc.string(),
);

describe('hostile and random bodies', () => {
  it.each(calls)('%s %s never answers 500', async (method, path) => {
    await fc.assert(
      fc.asyncProperty(body, async (text) => {
        const res = await t.json(method, path, text, { ...superAdmin.headers, ...kiosk });
        const answer = (await res.json()) as { message?: unknown };
        expect(res.status).toBeLessThan(500);
        if (res.status >= 400) expect(typeof answer.message).toBe('string');
        expect(JSON.stringify(answer)).not.toMatch(/at .+\.ts:\d+/);
      }),
      { numRuns: 60 },
    );
  });
});

// A JSON body nested thousands deep (well inside the 1 MB limit) is still just bad input: every
// endpoint of the contract, called anonymously and as a caller its guard lets through, answers a
// 4xx with { message } or its normal answer, never a 500, and nothing is logged at error level.
// Through the real app with its real adapters on a real database (SQLite, and PostgreSQL in the
// second run).
import { endpoints, type EndpointDefinition } from '@courtreplay/shared';
import pino from 'pino';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { makeAdapterTestApp, type AdapterTestApp } from '../adapters/testing/adapter-app.ts';
import { sign } from '../adapters/testing/whatsapp-imitation.ts';

const SECRET = 'app-secret-of-the-meta-app';
const logged: { level: number; msg?: string }[] = [];
const sink = new Writable({
  write(chunk: Buffer, _encoding, done) {
    for (const line of chunk.toString('utf8').split('\n').filter(Boolean)) logged.push(JSON.parse(line) as { level: number; msg?: string });
    done();
  },
});

let t: AdapterTestApp;

beforeAll(async () => {
  t = await makeAdapterTestApp({
    env: { WHATSAPP_APP_SECRET: SECRET, WHATSAPP_VERIFY_TOKEN: 'verify-me' },
    deps: { logger: pino({ level: 'warn' }, sink) },
  });
});
afterAll(() => t.close());

const DEPTH = 50_000;
/** Bodies nested DEPTH deep, each well under the 1 MB limit, alone and under a field's name. */
const deepBodies: [string, string][] = [
  ['arrays', '['.repeat(DEPTH) + ']'.repeat(DEPTH)],
  ['objects', '{"a":'.repeat(DEPTH) + '1' + '}'.repeat(DEPTH)],
  ['a field holding arrays', `{"email":${'['.repeat(DEPTH)}${']'.repeat(DEPTH)}}`],
  ['mixed, 3000 deep', '{"value":['.repeat(3000) + 'null' + ']}'.repeat(3000)],
];

/** A well-formed value for each path parameter, so the call reaches its body. */
function pathOf(endpoint: EndpointDefinition, ids: { venueId: number; deviceId: string }): string {
  const shape = (endpoint.params as z.ZodObject | undefined)?.shape ?? {};
  return endpoint.path.replace(/:(\w+)/g, (_, name: string) => {
    const candidates = [String(ids.venueId), ids.deviceId, 'success', 'payments', 'clip', 'a'.repeat(22), 'a'.repeat(32)];
    const fits = candidates.find((value) => shape[name]?.safeParse(value).success);
    if (fits === undefined) throw new Error(`no well-formed value for ${name} in ${endpoint.path}`);
    return fits;
  });
}

const withBodies = Object.entries(endpoints as Record<string, EndpointDefinition>).filter(([, e]) => e.method !== 'GET');

describe('bodies nested thousands deep', () => {
  it.each(withBodies)('%s answers a 4xx with a message or its normal answer, never a 500', async (_name, endpoint) => {
    logged.length = 0;
    // Fresh callers each time: an earlier call (a logout, a device's removal) may have ended the last ones.
    const venue = await t.seed.venue();
    const field = await t.seed.field({ venueId: venue.id });
    const superAdmin = await t.seed.admin({ role: 'super_admin' });
    const device = await t.seed.device({ venueId: venue.id, fieldId: field.id });
    const callers = [
      { name: 'anonymous', headers: {} },
      { name: 'super admin and kiosk', headers: { ...superAdmin.headers, ...device.headers } },
    ];
    const path = pathOf(endpoint, { venueId: venue.id, deviceId: device.deviceId });
    for (const caller of callers) {
      for (const [kind, text] of deepBodies) {
        expect(text.length).toBeLessThan(1024 * 1024);
        const res = await t.app.request(path, {
          method: endpoint.method,
          headers: { 'Content-Type': 'application/json', 'X-Hub-Signature-256': sign(SECRET, text), ...caller.headers },
          body: text,
        });
        const answer = (await res.json()) as { message?: unknown };
        const what = `${endpoint.method} ${path} as ${caller.name} with ${kind}: ${res.status} ${JSON.stringify(answer).slice(0, 200)}`;
        if (process.env.DEBUG_DEEP) console.log(what);
        expect(res.status, what).toBeLessThan(500);
        if (res.status >= 400) expect(typeof answer.message, what).toBe('string');
      }
    }
    expect(logged.filter((line) => line.level >= 50).map((line) => line.msg)).toEqual([]);
  });
});

describe('brackets inside text', () => {
  it('are not nesting: a field holding a hundred "[" is read as text', async () => {
    const superAdmin = await t.seed.admin({ role: 'super_admin' });
    const res = await t.json(
      'POST',
      '/api/venue/create',
      { name: `${'['.repeat(40)}"{${'\\'.repeat(3)}`, location: 'x' },
      superAdmin.headers,
    );
    expect(res.status).toBe(201);
  });
});

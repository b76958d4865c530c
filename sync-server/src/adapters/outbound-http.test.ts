import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { OutboundHttpError, outboundFetch } from './outbound-http.ts';

// A real loopback server whose answers each test scripts, one per request. Each test has a path
// prefix of its own: a request an earlier test gave up on before it arrived (a timeout on a busy
// machine) may still arrive, and must not take this test's scripted answer.
type Reply = (req: IncomingMessage, res: ServerResponse) => void;
let script: Reply[] = [];
let seen: string[] = [];
/** This test's server address, its prefix included. */
let base = '';
let origin = '';
let testNumber = 0;
let prefix = '';
const server = createServer((req, res) => {
  if (!req.url?.startsWith(`${prefix}/`)) return void res.writeHead(200).end('a request from an earlier test');
  seen.push(`${req.method} ${req.url.slice(prefix.length)}`);
  (script.shift() ?? ((_q, s) => s.writeHead(200).end('ok')))(req, res);
});
const send =
  (status: number, body = '', headers: Record<string, string> = {}): Reply =>
  (_q, res) =>
    res.writeHead(status, headers).end(body);
const hang: Reply = () => undefined;

const sleeps: number[] = [];
const sleep = async (ms: number) => {
  sleeps.push(ms);
};

beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => {
  server.closeAllConnections();
  server.close();
});
beforeEach(() => {
  prefix = `/test-${++testNumber}`;
  base = `${origin}${prefix}`;
  script = [];
  seen = [];
  sleeps.length = 0;
});

/**
 * The limit for a request the test server answers at once: seconds, so a process waiting for a core
 * (the unit tests run at nice 19 beside the browser tests) is not cut off; only hangs wait it out.
 */
const ANSWERED_MS = 10_000;

describe('outboundFetch', () => {
  it('gives up on a server that never answers after the timeout, and retries a GET', async () => {
    script = [hang, send(200, 'late but fine')];
    // The hang costs the whole limit; the answer that follows gets as long, also on a starved machine.
    const res = await outboundFetch(`${base}/status`, {}, { timeoutMs: 2_000, sleep });
    expect(await res.text()).toBe('late but fine');
    expect(seen).toHaveLength(2);
  });

  it('rejects with a timeout error when every attempt hangs', async () => {
    script = [hang, hang];
    const err = await outboundFetch(`${base}/x`, {}, { timeoutMs: 50, retries: 1, sleep }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(OutboundHttpError);
    expect((err as OutboundHttpError).kind).toBe('timeout');
  });

  it('retries 5xx (even with an HTML body) on a GET with growing delays', async () => {
    script = [send(503, '<html>busy</html>'), send(500), send(200, 'ok')];
    const res = await outboundFetch(`${base}/x`, {}, { timeoutMs: ANSWERED_MS, baseDelayMs: 100, sleep });
    expect(res.status).toBe(200);
    expect(sleeps).toHaveLength(2);
    expect(sleeps[0]).toBeLessThanOrEqual(100);
    expect(sleeps[1]).toBeGreaterThanOrEqual(100);
  });

  it('never repeats a POST answered 5xx: it may have been processed', async () => {
    script = [send(500), send(201)];
    const res = await outboundFetch(`${base}/create`, { method: 'POST', body: '{}' }, { timeoutMs: ANSWERED_MS, sleep });
    expect(res.status).toBe(500);
    expect(seen).toEqual(['POST /create']);
  });

  it('never repeats a POST that timed out', async () => {
    script = [hang, send(201)];
    // Long enough for the POST to reach the server on a busy machine before the kiosk gives up.
    await expect(outboundFetch(`${base}/create`, { method: 'POST', body: '{}' }, { timeoutMs: 2_000, sleep })).rejects.toThrow(
      OutboundHttpError,
    );
    expect(seen).toHaveLength(1);
  });

  it('repeats a POST answered 429 after its Retry-After', async () => {
    script = [send(429, '', { 'Retry-After': '2' }), send(201, 'made')];
    const res = await outboundFetch(`${base}/create`, { method: 'POST', body: '{}' }, { timeoutMs: ANSWERED_MS, sleep });
    expect(res.status).toBe(201);
    expect(sleeps).toEqual([2000]);
  });

  it("retries Google's rate-limit 403 but not a permission 403", async () => {
    const rateLimit = JSON.stringify({ error: { code: 403, errors: [{ reason: 'userRateLimitExceeded' }] } });
    const forbidden = JSON.stringify({ error: { code: 403, errors: [{ reason: 'insufficientFilePermissions' }] } });
    script = [send(403, rateLimit), send(200)];
    expect((await outboundFetch(`${base}/a`, {}, { timeoutMs: ANSWERED_MS, sleep })).status).toBe(200);
    script = [send(403, forbidden), send(200)];
    const res = await outboundFetch(`${base}/b`, {}, { timeoutMs: ANSWERED_MS, sleep });
    expect(res.status).toBe(403);
    expect(await res.text()).toContain('insufficientFilePermissions');
  });

  it('returns the last answer when retries run out', async () => {
    script = [send(503), send(503), send(503)];
    const res = await outboundFetch(`${base}/x`, {}, { timeoutMs: ANSWERED_MS, retries: 2, sleep });
    expect(res.status).toBe(503);
    expect(seen).toHaveLength(3);
  });

  it('repeats a POST whose connection was refused (it never reached the server)', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    await expect(
      outboundFetch(`http://127.0.0.1:${port}/x`, { method: 'POST' }, { timeoutMs: ANSWERED_MS, retries: 2, sleep }),
    ).rejects.toMatchObject({
      kind: 'network',
    });
    expect(sleeps).toHaveLength(2);
  });
});

import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countRows, makeTestApp, type TestApp } from './testing/index.ts';

let t: TestApp;
beforeAll(async () => {
  t = await makeTestApp();
});
afterAll(() => t.close());

describe('the app shell', () => {
  it('answers health once the database answers', async () => {
    const res = await t.app.request('/api/health');
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ ok: true });
  });

  it("publishes the product name, the players' address and the retention for the kiosk, defaults when unset", async () => {
    expect(await (await t.app.request('/api/product')).json()).toEqual({
      productName: 'CourtReplay',
      publicUrl: t.config.publicUrl,
      retentionDays: 14,
      // The kiosk offers the WhatsApp field unless WHATSAPP=off (the outbox outside production).
      whatsapp: true,
    });
    const named = await makeTestApp({ env: { PRODUCT_NAME: 'PadelCam', PUBLIC_URL: 'https://replay.example.com/', RETENTION_DAYS: '30' } });
    try {
      expect(await (await named.app.request('/api/product')).json()).toEqual({
        productName: 'PadelCam',
        publicUrl: 'https://replay.example.com',
        retentionDays: 30,
        whatsapp: true,
      });
    } finally {
      await named.close();
    }
  });

  it('logs a kiosk’s status poll at debug, every other request at info', async () => {
    const lines: { level: number; path: string }[] = [];
    const logger = pino(
      { level: 'debug' },
      { write: (line: string) => void lines.push(JSON.parse(line) as { level: number; path: string }) },
    );
    const logged = await makeTestApp({ deps: { logger } });
    try {
      const venue = await logged.seed.venue({ name: 'Arena' });
      const kiosk = await logged.seed.device({ venueId: venue.id });
      await logged.app.request(`/api/device/${kiosk.deviceId}`);
      await logged.app.request('/api/health');
      const levelOf = (path: string) => lines.find((l) => l.path === path)?.level;
      expect(levelOf(`/api/device/${kiosk.deviceId}`)).toBe(pino.levels.values.debug);
      expect(levelOf('/api/health')).toBe(pino.levels.values.info);
    } finally {
      await logged.close();
    }
  });

  it('answers unknown API paths with a JSON 404', async () => {
    const res = await t.app.request('/api/nope/nothing');
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ message: 'Not found' });
  });

  it('sends the security headers, allowing exactly the payment provider origins', async () => {
    const res = await t.app.request('/api/health');
    const csp = res.headers.get('Content-Security-Policy') ?? '';
    expect(csp).toContain(
      "script-src 'self' https://app.midtrans.com https://app.sandbox.midtrans.com https://api.midtrans.com https://api.sandbox.midtrans.com",
    );
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("base-uri 'none'");
    expect(csp).toContain("frame-ancestors 'self'");
    expect(csp).toContain("media-src 'self' blob: data:");
    expect(csp).not.toContain('googleapis');
    expect(res.headers.get('Strict-Transport-Security')).toMatch(/max-age=31536000/);
    expect(res.headers.get('X-Content-Type-Options')).toBe('nosniff');
    expect(res.headers.get('Referrer-Policy')).toBe('strict-origin-when-cross-origin');
    expect(res.headers.get('X-Request-Id')).toBeTruthy();
  });

  it('answers errors in the one shape, with the security headers and no stack trace', async () => {
    const res = await t.json('POST', '/api/venue/create', '{"name": "x", ');
    expect(res.status).toBe(401);
    expect(res.headers.get('Content-Security-Policy')).toContain("object-src 'none'");
    const admin = await t.seed.admin({ role: 'super_admin' });
    const bad = await t.json('POST', '/api/venue/create', '{"name": "x", ', admin.headers);
    expect(bad.status).toBe(400);
    expect(await bad.text()).toBe(JSON.stringify({ message: 'Request body must be valid JSON' }));
    expect(await countRows(t.db, 'venues')).toBe(0);
  });

  it('refuses a JSON body over 1 MB with 413', async () => {
    const res = await t.json('POST', '/api/admin/login', JSON.stringify({ email: 'a'.repeat(1_100_000) }));
    expect(res.status).toBe(413);
    expect(await res.json()).toEqual({ message: 'Request body is too large' });
    const asText = await t.app.request('/api/admin/login', {
      method: 'POST',
      headers: { 'Content-Type': 'text/plain' },
      body: 'x'.repeat(1_100_000),
    });
    expect(asText.status).toBe(413);
    // A JSON route reads any body it is sent, whatever it claims to be: the limit applies to all.
    for (const [path, contentType] of [
      ['/api/admin/login', 'multipart/form-data; boundary=x'],
      ['/api/payment/notification', 'application/octet-stream'],
      ['/api/transaction', 'video/mp4'],
    ] as const) {
      const res = await t.app.request(path, { method: 'POST', headers: { 'Content-Type': contentType }, body: 'x'.repeat(1_100_000) });
      expect(res.status, path).toBe(413);
    }
  });
});

describe('serving the PWA', () => {
  let p: TestApp;
  beforeAll(async () => {
    const pwaDir = mkdtempSync(join(tmpdir(), 'courtreplay-pwa-'));
    mkdirSync(join(pwaDir, 'assets'));
    writeFileSync(join(pwaDir, 'index.html'), '<!doctype html><title>CourtReplay</title>');
    writeFileSync(join(pwaDir, 'assets', 'app-123.js'), 'export {};');
    p = await makeTestApp({ deps: { pwaDir } });
  });
  afterAll(() => p.close());

  it('serves files and falls back to index.html for every non-API path', async () => {
    const asset = await p.app.request('/assets/app-123.js');
    expect(asset.status).toBe(200);
    expect(asset.headers.get('Cache-Control')).toContain('immutable');
    for (const path of ['/', '/box', '/admin/dashboard?tab=devices', '/staging/checkout']) {
      const res = await p.app.request(path);
      expect(res.status, path).toBe(200);
      expect(await res.text()).toContain('<title>CourtReplay</title>');
      expect(res.headers.get('Content-Security-Policy')).toBeTruthy();
    }
  });

  it('still answers unknown API paths with JSON, not the app', async () => {
    const res = await p.app.request('/api/unknown');
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ message: 'Not found' });
  });
});

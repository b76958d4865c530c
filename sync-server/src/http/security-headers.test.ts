import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import { securityHeaders } from './security-headers.ts';

describe('connect-src with Google Drive storage', () => {
  const csp = async (env: Record<string, string>) => {
    const app = new Hono().use(securityHeaders(loadConfig({ DATA_DIR: '/tmp/csp-test', ...env }))).get('/', (c) => c.text('ok'));
    return (await app.request('/')).headers.get('content-security-policy') ?? '';
  };

  it("lets the browser PUT to GOOGLE_API_URL's origin (Google's by default, an imitation in tests)", async () => {
    expect(await csp({ STORAGE: 'google-drive' })).toMatch(/connect-src [^;]*https:\/\/www\.googleapis\.com/);
    const imitation = await csp({ STORAGE: 'google-drive', GOOGLE_API_URL: 'http://127.0.0.1:43210/' });
    expect(imitation).toMatch(/connect-src [^;]*http:\/\/127\.0\.0\.1:43210/);
    expect(await csp({})).not.toContain('googleapis');
  });
});

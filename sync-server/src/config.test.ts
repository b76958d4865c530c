import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, loadEnvFile, PUBLIC_URL_REQUIRED } from './config.ts';

describe('loadConfig', () => {
  it('serves the embedded defaults with no variables at all', () => {
    const config = loadConfig({});
    expect(config.port).toBe(8080);
    expect(config.productName).toBe('CourtReplay');
    expect(config.payments.provider).toBe('simulator');
    expect(config.storage.kind).toBe('local');
    expect(config.mail.smtpUrl).toBeUndefined();
    expect(config.databaseFile).toMatch(/data\/courtreplay\.sqlite$/);
  });

  it('switches to Midtrans when a server key is set', () => {
    expect(loadConfig({ MIDTRANS_SERVER_KEY_SANDBOX: 'SB-Mid-server-x' }).payments.provider).toBe('midtrans');
  });

  it('stops with a message naming the variable on a bad value', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(ConfigError);
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/PORT/);
    expect(() => loadConfig({ STORAGE: 'dropbox' })).toThrow(/STORAGE/);
    expect(() => loadConfig({ DATABASE_URL: 'postgres://db/x' })).toThrow(/PostgreSQL/);
  });
});

describe('public URL', () => {
  it('is required in production, with a message naming PUBLIC_URL', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(PUBLIC_URL_REQUIRED);
    expect(loadConfig({ NODE_ENV: 'production', PUBLIC_URL: 'https://replay.example/' }).publicUrl).toBe('https://replay.example');
    expect(() => loadConfig({ PUBLIC_URL: 'replay.example' })).toThrow(/PUBLIC_URL/);
  });

  it('is the configured host and port in development (localhost for a wildcard HOST)', () => {
    expect(loadConfig({}).publicUrl).toBe('http://localhost:8080');
    expect(loadConfig({ HOST: 'kiosk-server.lan', PORT: '9000' }).publicUrl).toBe('http://kiosk-server.lan:9000');
    expect(loadConfig({ HOST: '::1' }).publicUrl).toBe('http://[::1]:8080');
  });
});

describe('loadEnvFile', () => {
  const touched = ['CR_TEST_FROM_FILE', 'CR_TEST_BOTH'];
  afterEach(() => touched.forEach((k) => delete process.env[k]));

  it('reads a .env file without overriding variables the environment already has', () => {
    const file = join(mkdtempSync(join(tmpdir(), 'cr-env-')), '.env');
    writeFileSync(file, 'CR_TEST_FROM_FILE=file\nCR_TEST_BOTH=file\n');
    process.env.CR_TEST_BOTH = 'environment';
    expect(loadEnvFile(file)).toBe(true);
    expect(process.env.CR_TEST_FROM_FILE).toBe('file');
    expect(process.env.CR_TEST_BOTH).toBe('environment');
  });

  it('is a no-op without a file', () => {
    expect(loadEnvFile(join(tmpdir(), 'no-such-dir-cr', '.env'))).toBe(false);
  });
});

// The one starter of the server as a child process (server-process.mjs), which the API tests,
// browser tests and benches share: ready when the server says it serves, on the port it says.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort } from './ports.mjs';
import { startServerProcess } from './server-process.mjs';

const dataDir = mkdtempSync(join(tmpdir(), 'courtreplay-starter-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

const env = (more: Record<string, string> = {}) => ({ DATA_DIR: dataDir, SERVE_PWA: 'false', NODE_ENV: 'test', ...more });

describe('starting the server as a process', () => {
  it('binds a port of its own (PORT=0) and is ready on it', async () => {
    const server = await startServerProcess({ env: env() });
    try {
      expect(server.port).toBeGreaterThan(0);
      expect(server.url).toBe(`http://127.0.0.1:${server.port}`);
      expect((await fetch(`${server.url}/api/health`)).status).toBe(200);
    } finally {
      await server.stop();
    }
    expect(server.child.exitCode ?? server.child.signalCode).not.toBeNull();
  });

  it('learns a given port from the server even when LOG_LEVEL hides info lines', async () => {
    const port = await freePort();
    const server = await startServerProcess({ env: env({ PORT: String(port), LOG_LEVEL: 'warn' }) });
    try {
      expect(server.port).toBe(port);
      expect((await fetch(`${server.url}/api/health`)).status).toBe(200);
    } finally {
      await server.stop();
    }
  });

  it('fails with what the server said when it exits before serving', async () => {
    await expect(startServerProcess({ env: env({ DATABASE_URL: 'mysql://db/replay' }) })).rejects.toThrow(
      /exited \(1\) before serving:\n.*DATABASE_URL: mysql:\/\/ is not supported/,
    );
  });
});

// Start-up with a database it cannot use: the process stops at once with one plain line naming
// DATABASE_URL and what is wrong, never a stack trace and never the password.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort } from '../../scripts/ports.mjs';

const repoRoot = resolve(import.meta.dirname, '../..');
const dataDir = mkdtempSync(join(tmpdir(), 'courtreplay-start-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

/** Runs the server until it exits; its exit code and what it wrote to stderr. */
async function start(env: Record<string, string>): Promise<{ code: number | null; stderr: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'sync-server/src/main.ts'], {
    cwd: repoRoot,
    env: { ...process.env, DATA_DIR: dataDir, PORT: '0', HOST: '127.0.0.1', SERVE_PWA: 'false', ...env },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr!.on('data', (d: Buffer) => (stderr += d.toString()));
  const [code] = (await once(child, 'exit')) as [number | null];
  return { code, stderr };
}

describe('start-up with a database it cannot use', () => {
  it('names the PostgreSQL server it cannot reach, without the password or a stack trace', async () => {
    const port = await freePort(); // nothing listens there
    const { code, stderr } = await start({ DATABASE_URL: `postgres://courtreplay:s3cret-pw@127.0.0.1:${port}/replay` });
    expect(code).toBe(1);
    expect(stderr).toContain(`DATABASE_URL: cannot use PostgreSQL at 127.0.0.1:${port}/replay: connect ECONNREFUSED`);
    expect(stderr).not.toContain('s3cret-pw');
    expect(stderr).not.toMatch(/^\s+at /m);
  });

  it('refuses a database address it does not support rather than making a file of it', async () => {
    const { code, stderr } = await start({ DATABASE_URL: 'mysql://db/replay' });
    expect(code).toBe(1);
    expect(stderr.trim()).toBe('DATABASE_URL: mysql:// is not supported; use postgres://… for PostgreSQL or a SQLite file path.');
  });
});

// A stop always stops: the server started as `npm run serve`, in its own process group, is stopped
// the way a process manager does it (SIGTERM to the whole group, npm exiting at once and its reader
// of the shared stdout gone with it). The server process must be gone within its grace period
// (20 s), after a request and a few idle seconds, however its log pipe ends.
import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { assertServerBuilt, freePort, repoRoot } from './support/server.ts';

const GRACE_MS = 20_000;
const wait = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The pids in a process group running the server bundle (npm's `sh -c` line is not one). */
function serverPids(group: number): number[] {
  let out = '';
  try {
    out = execFileSync('ps', ['-o', 'pid=,args=', '-g', String(group)], { encoding: 'utf8' });
  } catch {
    return []; // ps answers 1 when the group is empty
  }
  return out
    .split('\n')
    .filter((line) => /^\s*\d+ node .*sync-server\/dist\/main\.js/.test(line))
    .map((line) => Number(line.trim().split(/\s+/)[0]));
}

let leftover: number | undefined;
let dataDir: string | undefined;
afterEach(() => {
  if (leftover) {
    try {
      process.kill(-leftover, 'SIGKILL');
    } catch {
      // already gone
    }
  }
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  leftover = dataDir = undefined;
});

describe('stopping the server', () => {
  it('exits within the grace period when its process group is stopped and npm takes the stdout reader with it', async () => {
    assertServerBuilt();
    const port = await freePort();
    dataDir = mkdtempSync(join(tmpdir(), 'courtreplay-stop-'));
    const npm = spawn('npm', ['run', 'serve'], {
      cwd: repoRoot,
      detached: true, // a process group of its own, as under a process manager
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, SERVE_PWA: 'false', LOG_LEVEL: 'info' },
    });
    const group = npm.pid!;
    leftover = group;
    let output = '';
    npm.stdout.on('data', (d: Buffer) => (output += d.toString()));
    npm.stderr.on('data', (d: Buffer) => (output += d.toString()));
    while (!output.includes('is serving on')) {
      if (npm.exitCode !== null) throw new Error(`npm run serve exited with ${npm.exitCode}:\n${output}`);
      await wait(100);
    }
    expect((await fetch(`http://127.0.0.1:${port}/api/health`)).status).toBe(200);
    await wait(3_000); // idle, as a venue's server is between purchases
    const [server] = serverPids(group);
    expect(server).toBeGreaterThan(0);

    // npm exits at once on the group's SIGTERM; whoever read its output stops reading with it.
    npm.once('exit', () => {
      npm.stdout.destroy();
      npm.stderr.destroy();
    });
    const stoppedAt = Date.now();
    process.kill(-group, 'SIGTERM');
    while (serverPids(group).includes(server!) && Date.now() - stoppedAt < GRACE_MS + 5_000) await wait(200);

    expect(serverPids(group), `the server still runs ${Math.round((Date.now() - stoppedAt) / 1000)} s after SIGTERM`).toEqual([]);
    expect(Date.now() - stoppedAt).toBeLessThanOrEqual(GRACE_MS);
  });
});

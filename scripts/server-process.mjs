// The one way tests, browser tests and benches start the real CourtReplay server as a process of
// its own: from its TypeScript sources (through tsx) or from the compiled bundle `npm start` runs.
//
// It binds port 0 unless the caller names a PORT, and is ready once it logs its 'is serving on'
// line (sync-server/src/main.ts writes it whatever LOG_LEVEL), which names the port it bound, so
// nothing races for a port and nobody polls. Its stdout and stderr are kept for failure messages.
import { spawn } from 'node:child_process';
import { resolve } from 'node:path';
import { servingPort } from './ports.mjs';

const repoRoot = resolve(import.meta.dirname, '..');

/** How the server is run: its sources through tsx (tests, benches) or the bundle production serves (browser tests). */
const PROGRAMS = {
  source: ['--import', 'tsx', 'sync-server/src/main.ts'],
  bundle: ['--enable-source-maps', 'sync-server/dist/main.js'],
};

/**
 * How long a server may take to start: generous, since on a busy 2-core machine a Node process and
 * the migrations can take many quiet-machine times; a guard against a hang, not a speed check.
 */
const START_LIMIT_MS = 90_000;
/** After SIGTERM: the server's own grace period (20 s) and a little more, then SIGKILL. */
const STOP_LIMIT_MS = 25_000;

/**
 * Starts the server and resolves once it serves; fails (with its output) when it exits first or
 * does not start within the time limit.
 * @param {{ program?: 'source' | 'bundle', env?: Record<string, string> }} [options]
 *   env is laid over this process's environment, PORT=0 and HOST=127.0.0.1.
 * @returns {Promise<import('./server-process.d.mts').ServerProcess>}
 */
export async function startServerProcess({ program = 'source', env = {} } = {}) {
  const child = spawn(process.execPath, PROGRAMS[program], {
    cwd: repoRoot,
    env: { ...process.env, PORT: '0', HOST: '127.0.0.1', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (d) => (output += d.toString()));
  child.stderr.on('data', (d) => (output += d.toString()));
  const port = await new Promise((ready, fail) => {
    const check = () => {
      const found = servingPort(output);
      if (found === undefined) return;
      done();
      ready(found);
    };
    const exited = (code, signal) => {
      done();
      fail(new Error(`the server exited (${signal ?? code}) before serving:\n${output}`));
    };
    const timer = setTimeout(() => {
      done();
      child.kill('SIGKILL');
      fail(new Error(`the server did not start serving in ${START_LIMIT_MS / 1000} s:\n${output}`));
    }, START_LIMIT_MS);
    const done = () => {
      clearTimeout(timer);
      child.stdout.off('data', check);
      child.off('exit', exited);
    };
    // After the listeners that collect the output (added first), so check() sees this chunk.
    child.stdout.on('data', check);
    child.once('exit', exited);
  });
  const running = () => child.exitCode === null && child.signalCode === null;
  return {
    child,
    port,
    url: `http://127.0.0.1:${port}`,
    output: () => output,
    async stop() {
      if (!running()) return;
      const exited = new Promise((done) => child.once('exit', done));
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), STOP_LIMIT_MS);
      await exited;
      clearTimeout(timer);
    },
  };
}

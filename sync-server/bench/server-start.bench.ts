// `npm run bench`: the server's start-up time (process start to the first healthy answer) and its
// resident memory once serving, run from TypeScript through tsx (development) against the compiled
// bundle sync-server/dist/main.js (production, `npm start`). Needs `npm run build` first. Prints
// figures; never fails.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { freePort } from '../../scripts/ports.mjs';

const RUNS = 5;
const log = (line: string) => process.stdout.write(`${line}\n`);

/** Resident memory of a process in MiB, from /proc. */
function rssMiB(pid: number): number {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8').match(/VmRSS:\s+(\d+) kB/);
  return line ? Number(line[1]) / 1024 : NaN;
}

async function startOnce(args: string[]): Promise<{ ms: number; rss: number }> {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'courtreplay-bench-start-'));
  const t0 = performance.now();
  const child = spawn(process.execPath, args, {
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
    stdio: 'ignore',
  });
  try {
    for (;;) {
      if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
      const ok = await fetch(`http://127.0.0.1:${port}/api/health`).then(
        (r) => r.ok,
        () => false,
      );
      if (ok) break;
      await new Promise((r) => setTimeout(r, 5));
    }
    const ms = performance.now() - t0;
    // A little work so the figure is that of a serving process, not an idle one.
    for (let i = 0; i < 50; i++) await fetch(`http://127.0.0.1:${port}/api/product`).then((r) => r.arrayBuffer());
    return { ms, rss: rssMiB(child.pid!) };
  } finally {
    child.kill('SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? NaN;

if (!existsSync('sync-server/dist/main.js')) {
  log('sync-server/dist/main.js is missing: run `npm run build` first.');
} else {
  for (const [name, args] of [
    ['tsx (development)', ['--import', 'tsx', 'sync-server/src/main.ts']],
    ['compiled (npm start)', ['sync-server/dist/main.js']],
  ] as const) {
    const runs = [];
    for (let i = 0; i < RUNS; i++) runs.push(await startOnce([...args]));
    log(
      `${name.padEnd(22)} start-up median ${median(runs.map((r) => r.ms)).toFixed(0)} ms, ` +
        `memory serving median ${median(runs.map((r) => r.rss)).toFixed(0)} MiB (${RUNS} runs)`,
    );
  }
}

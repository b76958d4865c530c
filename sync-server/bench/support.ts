// What the server benchmarks share: a free loopback port and the real server started as a child
// process from its sources (so its memory and CPU are its own), ready once /api/health answers.
import { spawn, type ChildProcess } from 'node:child_process';
import { resolve } from 'node:path';

export const repoRoot = resolve(import.meta.dirname, '../..');

export { freePort } from '../src/testing/server-process.ts';

export const BENCH_ADMIN = { email: 'bench@example.com', password: 'bench-password-1' };

export async function startServer(dataDir: string, port: number, env: Record<string, string> = {}): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'sync-server/src/main.ts'], {
    cwd: repoRoot,
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      SERVE_PWA: 'false',
      LOG_LEVEL: 'warn',
      ADMIN_EMAIL: BENCH_ADMIN.email,
      ADMIN_PASSWORD: BENCH_ADMIN.password,
      ...env,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  for (let i = 0; i < 100; i++) {
    const ok = await fetch(`http://127.0.0.1:${port}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return child;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error('server did not start');
}

/** Median and 95th percentile of samples (any unit). */
export function summary(samples: number[]): { median: number; p95: number } {
  const sorted = [...samples].sort((a, b) => a - b);
  return {
    median: sorted[Math.floor(sorted.length / 2)]!,
    p95: sorted[Math.min(sorted.length - 1, Math.ceil(sorted.length * 0.95) - 1)]!,
  };
}

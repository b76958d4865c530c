// What the server benchmarks share: a free loopback port and the real server started as a child
// process from its sources (so its memory and CPU are its own), ready once /api/health answers; or
// the app in-process on a database the bench seeded, for requests without a socket.
import { spawn, type ChildProcess } from 'node:child_process';
import { resolve } from 'node:path';
import pino from 'pino';
import type { Delivery, PaymentProvider } from '../src/adapters/ports.ts';
import { systemClock } from '../src/adapters/ports.ts';
import { createApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import type { Db } from '../src/db/database.ts';

export const repoRoot = resolve(import.meta.dirname, '../..');

export { freePort } from '../../scripts/ports.mjs';

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

/**
 * The HTTP app in-process on `db` (app.request, no socket), with payments and delivery that do
 * nothing, and the dependencies it was made of (for calling a service directly).
 */
export function inProcessApp(db: Db, dataDir: string) {
  const payments: PaymentProvider = {
    name: 'simulator',
    createPayment: async (input) => ({ token: `token-${input.orderId}` }),
    verifyNotification: () => true,
    fetchStatus: async () => 'pending',
    clientConfig: () => ({ scriptUrl: '', clientKey: '' }),
  };
  const delivery: Delivery = { purchaseChanged: async () => {}, resend: async () => {} };
  const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent' });
  const deps = { db, config, clock: systemClock, logger: pino({ level: 'silent' }), payments, delivery };
  return { app: createApp(deps), deps };
}

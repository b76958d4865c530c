// A flood of failed logins for e-mail addresses nobody has cannot lock the owner out: while 60 such
// logins run at once (from three addresses behind the trusted proxy), the super admin's correct
// login answers about as fast as on a quiet server. The real server as a process, with the
// password hashing a real server uses, on SQLite (and PostgreSQL in the second run).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { openTestDatabase } from '../testing/database.ts';
import { startServerProcess, type ServerProcess } from '../testing/server-process.ts';

const OWNER = { email: 'owner@example.com', password: 'the owner keeps this one' };
const FLOOD = 60;

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

function login(server: ServerProcess, body: { email: string; password: string }, from: string) {
  return fetch(`${server.url}/api/admin/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': from },
    body: JSON.stringify(body),
  });
}

/** The owner's correct login: its status and how long it took to answer. */
async function ownerLogin(server: ServerProcess): Promise<{ status: number; ms: number }> {
  const started = performance.now();
  const res = await login(server, OWNER, '203.0.113.7');
  await res.arrayBuffer();
  return { status: res.status, ms: performance.now() - started };
}

it(`answers the owner's correct login while ${FLOOD} failed logins for unknown e-mails run`, { timeout: 180_000 }, async () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'courtreplay-login-flood-'));
  cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
  const database = await openTestDatabase(dataDir);
  cleanups.push(() => database.drop());
  const server = await startServerProcess({
    DATA_DIR: dataDir,
    DATABASE_URL: database.url,
    ADMIN_EMAIL: OWNER.email,
    ADMIN_PASSWORD: OWNER.password,
    TRUSTED_PROXIES: '127.0.0.1',
  });
  cleanups.push(() => server.stop());

  // Quiet: the best of two, so a first call's warm-up does not set the bar.
  const quiet = [await ownerLogin(server), await ownerLogin(server)];
  expect(quiet.map((q) => q.status)).toEqual([200, 200]);
  const quietMs = Math.min(...quiet.map((q) => q.ms));

  const flood = Array.from({ length: FLOOD }, (_, i) =>
    login(server, { email: `nobody-${i}@example.com`, password: 'a guess' }, `198.51.100.${i % 3}`).then(async (res) => {
      await res.arrayBuffer();
      return res.status;
    }),
  );
  // Once the first guess is answered, the others have long arrived and wait for their checks.
  await Promise.race(flood);
  const during = await ownerLogin(server);
  const floodStatuses = await Promise.all(flood);

  expect(during.status).toBe(200);
  expect(during.ms).toBeLessThanOrEqual(Math.max(2000, 3 * quietMs));
  expect(new Set(floodStatuses)).toEqual(new Set([401]));
});

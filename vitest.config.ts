import { readdirSync, readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { defineConfig, type TestProjectInlineConfiguration } from 'vitest/config';

// Unit and API tests. Browser tests live in e2e/ with their own config (e2e/vitest.config.ts).
//
// The API suite runs twice: on SQLite (the embedded default) and, when TEST_POSTGRES_URL names a
// PostgreSQL server, again on PostgreSQL. `npm test` starts a throwaway cluster for it
// (scripts/postgres-cluster.mjs). The second run takes every server (or PWA) test that opens a database
// through the test helpers; pure unit tests (parsers, adapters on their own) run once. Files named
// *.postgres.test.ts are about several instances on one server and run in the PostgreSQL run only.
const postgresUrl = process.env.TEST_POSTGRES_URL;

const POSTGRES_ONLY = 'sync-server/**/*.postgres.test.ts';
const EXCLUDE = ['**/node_modules/**', '**/dist/**'];
/** Drops what the PostgreSQL run's workers kept of their test databases (sync-server/src/testing/postgres-spares.ts). */
const POSTGRES_TEARDOWN = 'sync-server/src/testing/postgres-run-teardown.ts';
const DATABASE_HELPERS = /testing\/index\.ts|testing\/database\.ts|test-support\.ts|adapter-app\.ts|sync-server\/testing\/adapter-app'/;

/**
 * Files that reach a database but prove something the database has no part in: run on SQLite only,
 * or the PostgreSQL run would prove it again at its whole cost.
 */
const SQLITE_ONLY = new Set([
  // A 510 MB ZIP's memory and stalled readers over real sockets (1 GB written, about a minute on
  // PostgreSQL): the database only finds the purchase, and phone-page.test.ts serves the ZIP there too.
  'sync-server/src/phone-page/zip-memory.test.ts',
]);

/** Test files that reach a database through the shared helpers (the server's, and the PWA's that drive the in-process server). */
function databaseTests(): string[] {
  return ['sync-server/src', 'pwa/src'].flatMap((dir) =>
    readdirSync(dir, { recursive: true })
      .map(String)
      .filter((file) => file.endsWith('.test.ts') && DATABASE_HELPERS.test(readFileSync(join(dir, file), 'utf8')))
      .map((file) => join(dir, file))
      .filter((file) => !SQLITE_ONLY.has(file)),
  );
}

// The server's tests (and the pure shared/ and scripts/ ones) share one module graph per worker
// (isolate: false): they patch no globals and keep no state between files, and importing Hono,
// Kysely and the SDKs afresh for each of ~170 files was a third of the suite's CPU (import 92 s
// of CPU against 24 s). The PWA's tests stand in for a browser (they route fetch to the
// in-process app, fake timers, keep module-level stores), so each of their files gets its own.
const SERVER_SIDE = ['shared/**/*.test.ts', 'sync-server/**/*.test.ts', 'scripts/**/*.test.ts', 'recorder/**/*.test.ts'];
const PWA = ['pwa/src/**/*.test.{ts,tsx}'];
const isPwa = (file: string) => file.startsWith('pwa/');

/** One run of the suite on a database: the server-side files sharing modules, the PWA's each on its own. */
function run(name: string, include: string[], env: Record<string, string>, exclude: string[] = []): TestProjectInlineConfiguration[] {
  const globalSetup = env.TEST_DATABASE_URL ? [POSTGRES_TEARDOWN] : [];
  return [
    {
      extends: true,
      test: { name, include: include.filter((f) => !isPwa(f)), exclude: [...EXCLUDE, ...exclude], env, isolate: false, globalSetup },
    },
    { extends: true, test: { name: `${name} (PWA)`, include: include.filter(isPwa), exclude: EXCLUDE, env, globalSetup } },
  ];
}

const projects = run('sqlite', [...SERVER_SIDE, ...PWA], { TEST_DATABASE_URL: '' }, [POSTGRES_ONLY]);
if (postgresUrl) projects.push(...run('postgres', [...databaseTests(), POSTGRES_ONLY], { TEST_DATABASE_URL: postgresUrl }));

export default defineConfig({
  test: {
    exclude: EXCLUDE,
    // A guard against hangs, not a speed check. Beside the browser tests at nice 19 a file waits for
    // the cores most of the time: a test that makes a 1080p clip with ffmpeg or hashes many passwords
    // took past a minute there, and a store's set-up on PostgreSQL past 30 s, with nothing wrong.
    testTimeout: 240_000,
    hookTimeout: 120_000,
    // One file per core. Vitest's default leaves one idle, which on a 2-core CI machine halves the
    // speed (317 s against 141 s for the same run). Two per core was tried: each worker loads the
    // server's modules itself, which cost ~150 s more CPU than the waits it filled.
    maxWorkers: availableParallelism(),
    projects,
  },
});

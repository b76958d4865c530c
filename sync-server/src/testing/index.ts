// Test helpers everyone uses: a fresh app on its own database (a temporary SQLite file, or a fresh
// PostgreSQL database when TEST_DATABASE_URL is set) with the migrations applied, a frozen clock and seed helpers. Real database, real app; nothing of ours is mocked.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pino from 'pino';
import { createApp, type AppDeps } from '../app.ts';
import type { Config } from '../config-types.ts';
import { loadConfig } from '../config.ts';
import { openTestDatabase } from './database.ts';
import type { Database } from '../db/schema/index.ts';
import { StoredIntegrationHealth } from '../integrations/stored-health.ts';
import { frozenClock } from './clock.ts';
import { checkAgainstContract } from './contract-check.ts';
import { createTestCall } from './call.ts';
import { createSeeder, FAST_SCRYPT } from './seed.ts';

export { frozenClock, type FrozenClock } from './clock.ts';
export type { TestCall, TestCallOptions } from './call.ts';
export { FAST_SCRYPT, newDeviceId, type SeededAdmin, type Seeder } from './seed.ts';

export interface TestAppOptions {
  /** Environment variables for loadConfig (DATA_DIR defaults to the temporary directory). */
  env?: Record<string, string>;
  /** Replace or add dependencies (e.g. adapters) before the app is built. */
  deps?: Partial<AppDeps>;
  /** Dependencies made from the others (adapters need the database): the app mounts their routes at build time. */
  derive?: (base: AppDeps) => Partial<AppDeps>;
}

export async function makeTestApp(options: TestAppOptions = {}) {
  const dir = mkdtempSync(join(tmpdir(), 'courtreplay-test-'));
  // Cheap scrypt for created admins and PINs, as for seeded ones: an OWASP hash costs a second and
  // 128 MiB, and the API suite would spend its time there. loadConfig's own (OWASP) is tested in
  // config.test.ts and by the first super admin's hash in auth.test.ts.
  const config: Config = { ...loadConfig({ DATA_DIR: dir, LOG_LEVEL: 'silent', ...options.env }), passwordHashing: FAST_SCRYPT };
  const database = await openTestDatabase(dir);
  const db = database.db;
  const clock = frozenClock();
  // A test may pass its own logger (to read what is logged); the adapters derived below get it too.
  const logger = options.deps?.logger ?? pino({ level: 'silent' });
  const health = await StoredIntegrationHealth.load(db, clock, logger);
  const deps: AppDeps = { db, config, clock, logger, health, contractCheck: true };
  Object.assign(deps, options.derive?.(deps), options.deps);
  const app = createApp(deps);
  const request = app.request.bind(app);
  app.request = (async (input: Parameters<typeof request>[0], init?: RequestInit, ...rest: unknown[]) => {
    const res = await request(input, init, ...(rest as []));
    const url = input instanceof Request ? input.url : String(input);
    const method = init?.method ?? (input instanceof Request ? input.method : 'GET');
    await checkAgainstContract(method, url, res);
    return res;
  }) as typeof app.request;
  const seed = createSeeder(db, deps.clock, config.sessionTtlMs);

  /** Calls an endpoint by name with its typed input; answers its typed answer (see ./call.ts). */
  const call = createTestCall((path, init) => app.request(path, init));

  /**
   * Untyped JSON request: `json('POST', '/api/venue/create', body, headers)`. Only for what `call`
   * cannot send: bad input on purpose (a malformed body, a wrong type, an unknown field, a path no
   * definition names); everything else calls by name.
   */
  const json = (method: string, path: string, body?: unknown, headers: Record<string, string> = {}) =>
    app.request(path, {
      method,
      headers: body === undefined ? headers : { 'Content-Type': 'application/json', ...headers },
      body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
    });

  const close = async () => {
    await database.drop();
    rmSync(dir, { recursive: true, force: true });
  };
  return { app, db, dialect: database.kind, databaseUrl: database.url, deps, config, clock, logger, seed, call, json, dir, close };
}

export type TestApp = Awaited<ReturnType<typeof makeTestApp>>;

/** Row count of a table, for asserting that bad input changed nothing. */
export async function countRows(db: AppDeps['db'], table: keyof Database): Promise<number> {
  const row = await db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

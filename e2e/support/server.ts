// Starts the real sync server (built PWA, SQLite file, payment simulator, local storage, .eml
// outbox) from its compiled bundle in a child process with a fresh DATA_DIR, exactly as `npm start`
// serves it, and stops it again, through the one starter (scripts/server-process.mjs): the server
// binds port 0 and names the port it got in its 'is serving on' line, so files running side by
// side never race for a port. With E2E_DATABASE_URL naming a PostgreSQL server
// (`node scripts/test.mjs --only e2e --postgres` starts a throwaway one), each server gets a fresh
// database there instead of the SQLite file, dropped when it stops.
import { mkdtempSync, readdirSync, readFileSync, existsSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import Database from 'better-sqlite3';
import pg from 'pg';
import { startServerProcess } from '../../scripts/server-process.mjs';

/** For a caller that must know the address before the server starts (it passes it as PORT). */
export { freePort } from '../../scripts/ports.mjs';

export const repoRoot = resolve(import.meta.dirname, '../..');

/** The compiled server `npm start` runs: the browser tests exercise exactly what production serves. */
const SERVER_BUNDLE = join(repoRoot, 'sync-server/dist/main.js');

/** Refuses to test a missing or stale server bundle (edited source, not rebuilt) rather than mislead. */
export function assertServerBuilt(): void {
  if (!existsSync(SERVER_BUNDLE)) throw new Error('sync-server/dist is missing: run `npm run build` first (npm test does).');
  const built = statSync(SERVER_BUNDLE).mtimeMs;
  for (const dir of ['sync-server/src', 'shared/src']) {
    const newer = readdirSync(join(repoRoot, dir), { recursive: true, withFileTypes: true }).find(
      (d) => d.isFile() && d.name.endsWith('.ts') && !d.name.endsWith('.test.ts') && statSync(join(d.parentPath, d.name)).mtimeMs > built,
    );
    if (newer) throw new Error(`${join(newer.parentPath, newer.name)} changed after the server was built: run \`npm run build\`.`);
  }
}

export const SUPER_ADMIN = { email: 'owner@courtreplay.test', password: 'correct-horse-battery-9' };

export interface TestServer {
  url: string;
  port: number;
  dataDir: string;
  /** The server's stdout and stderr so far, for failure messages. */
  output(): string;
  /** The .eml files in DATA_DIR/outbox, oldest first, as text. */
  outbox(): { file: string; text: string }[];
  /** Files stored by the local storage adapter under DATA_DIR/drive. */
  storedFiles(): string[];
  /** One statement on the server's database, `?` for each parameter (a state no request can make). */
  execute(statement: string, parameters: unknown[]): Promise<void>;
  stop(): Promise<void>;
}

export async function startServer(env: Record<string, string> = {}): Promise<TestServer> {
  if (!existsSync(join(repoRoot, 'pwa/dist/index.html'))) {
    throw new Error('pwa/dist is missing: run `npm run build` first (npm test does).');
  }
  assertServerBuilt();
  // A caller that must know the address first (e.g. to give it to a payment imitation) passes PORT
  // (and PUBLIC_URL); otherwise the kernel picks the port and PUBLIC_URL follows it (HOST is loopback).
  const given = env.PORT && env.PORT !== '0' ? Number(env.PORT) : undefined;
  const dataDir = mkdtempSync(join(tmpdir(), 'courtreplay-e2e-'));
  const database = await freshDatabase();
  const server = await startServerProcess({
    program: 'bundle',
    env: {
      PORT: String(given ?? 0),
      DATA_DIR: dataDir,
      PUBLIC_URL: given ? `http://127.0.0.1:${given}` : '',
      ADMIN_EMAIL: SUPER_ADMIN.email,
      ADMIN_PASSWORD: SUPER_ADMIN.password,
      LOG_LEVEL: 'warn',
      ...(database ? { DATABASE_URL: database.url } : {}),
      ...env,
    },
  }).catch(async (err: unknown) => {
    rmSync(dataDir, { recursive: true, force: true });
    await database?.drop();
    throw err;
  });
  const { url, port } = server;

  const listFiles = (dir: string) =>
    existsSync(dir)
      ? readdirSync(dir, { recursive: true, withFileTypes: true })
          .filter((d) => d.isFile())
          .map((d) => join(d.parentPath, d.name))
          .sort()
      : [];

  return {
    url,
    port,
    dataDir,
    output: server.output,
    outbox: () =>
      listFiles(join(dataDir, 'outbox'))
        .filter((f) => f.endsWith('.eml'))
        .map((file) => ({ file, text: readFileSync(file, 'utf8') })),
    storedFiles: () => listFiles(join(dataDir, 'drive')).filter((f) => !f.endsWith('.part') && !f.endsWith('.json')),
    execute: async (statement, parameters) => {
      if (database) {
        let n = 0;
        await database.query(
          statement.replace(/\?/g, () => `$${++n}`),
          parameters,
        );
        return;
      }
      const db = new Database(join(dataDir, 'courtreplay.sqlite'));
      try {
        db.prepare(statement).run(...parameters);
      } finally {
        db.close();
      }
    },
    stop: async () => {
      await server.stop();
      rmSync(dataDir, { recursive: true, force: true });
      await database?.drop();
    },
  };
}

/** A new database on E2E_DATABASE_URL's server, or undefined to use the SQLite file. */
async function freshDatabase(): Promise<
  { url: string; query(statement: string, parameters: unknown[]): Promise<void>; drop(): Promise<void> } | undefined
> {
  const server = process.env.E2E_DATABASE_URL;
  if (!server) return undefined;
  const name = `e2e_${process.pid}_${Math.random().toString(36).slice(2, 10)}`;
  const run = async (on: string, statement: string, parameters: unknown[] = []) => {
    const client = new pg.Client({ connectionString: on });
    await client.connect();
    try {
      await client.query(statement, parameters);
    } finally {
      await client.end();
    }
  };
  await run(server, `create database "${name}"`);
  const url = new URL(server);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    query: (statement, parameters) => run(url.toString(), statement, parameters),
    drop: () => run(server, `drop database if exists "${name}" with (force)`),
  };
}

// The install secret signs local upload URLs and, without MIDTRANS_SERVER_KEY, the payment
// simulator's tokens and notifications. Every instance on one database must hold the same one, or a
// URL signed by one instance is refused by the other: it lives in the database (migration 026).
// An install from before keeps the secret its DATA_DIR file holds, so URLs it signed stay valid.
import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Db } from '../db/database.ts';
import { storeSecretOnce } from './queries.ts';

const MIN_LENGTH = 32;
const secretFile = (dataDir: string) => join(resolve(dataDir, 'secrets'), 'install-secret');

function readFileSecret(dataDir: string): string | undefined {
  try {
    const existing = readFileSync(secretFile(dataDir), 'utf8').trim();
    return existing.length >= MIN_LENGTH ? existing : undefined;
  } catch {
    return undefined; // first start
  }
}

/** The secret every instance shares: the first instance to start stores it, the others read it. Never printed. */
export async function sharedInstallSecret(db: Db, dataDir: string, now: Date): Promise<string> {
  const candidate = readFileSecret(dataDir) ?? randomBytes(32).toString('hex');
  return storeSecretOnce(db, { name: 'install', value: candidate, createdAt: now.toISOString() });
}

/**
 * A secret kept in DATA_DIR alone: for adapters built without a database at hand (tests, benches).
 * The server itself uses sharedInstallSecret.
 */
export function installSecret(dataDir: string): string {
  const existing = readFileSecret(dataDir);
  if (existing) return existing;
  mkdirSync(resolve(dataDir, 'secrets'), { recursive: true, mode: 0o700 });
  const secret = randomBytes(32).toString('hex');
  writeFileSync(secretFile(dataDir), secret, { mode: 0o600 });
  return secret;
}

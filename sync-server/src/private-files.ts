// Everything under DATA_DIR is private to the server's own user: players' e-mails (database,
// outbox), their clips and the install secret. The server reads these files itself, so nobody else
// on the machine needs to: folders 0700, files 0600 (the umask can only make them stricter).
import { chmodSync, closeSync, existsSync, mkdirSync, openSync } from 'node:fs';
import { chmod, mkdir, rename, writeFile } from 'node:fs/promises';

export const PRIVATE_DIR_MODE = 0o700;
export const PRIVATE_FILE_MODE = 0o600;

/** Makes a folder (and missing parents) private; an existing one is tightened too. */
export async function ensurePrivateDir(dir: string): Promise<void> {
  await mkdir(dir, { recursive: true, mode: PRIVATE_DIR_MODE });
  await chmod(dir, PRIVATE_DIR_MODE);
}

/** The synchronous twin, for start-up (DATA_DIR, the database's folder). */
export function ensurePrivateDirSync(dir: string): void {
  mkdirSync(dir, { recursive: true, mode: PRIVATE_DIR_MODE });
  chmodSync(dir, PRIVATE_DIR_MODE);
}

/**
 * Creates the file empty with mode 0600 when missing, and tightens it when present. SQLite gives
 * its -wal and -shm files the database file's own mode, so doing this before opening covers them.
 */
export function ensurePrivateFileSync(file: string): void {
  if (!existsSync(file)) closeSync(openSync(file, 'a', PRIVATE_FILE_MODE));
  chmodSync(file, PRIVATE_FILE_MODE);
}

/**
 * Writes a private file that readers of its folder (an operator's mail client, a test) see whole or
 * not at all: written under a `.part` name and renamed into place once complete.
 */
export async function writePrivateFileWhole(file: string, data: string | Uint8Array | AsyncIterable<string | Uint8Array>): Promise<void> {
  const part = `${file}.part`;
  await writeFile(part, data, { mode: PRIVATE_FILE_MODE });
  await rename(part, file);
}

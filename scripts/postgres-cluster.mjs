// A throwaway PostgreSQL cluster in a temporary directory, for the API suite's second run, the
// two-instance tests, the benches and the deployment check. Debian's PostgreSQL refuses to run as
// root, so as root the cluster belongs to the `postgres` user. It listens on loopback only, trusts
// loopback connections, and trades durability for speed (fsync off): it holds nothing worth keeping.
//
//   node scripts/postgres-cluster.mjs      starts one and prints its DATABASE_URL (Ctrl-C stops it)
import { execFileSync } from 'node:child_process';
import { chmodSync, chownSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ensureSystemPackages, postgresBinDir } from './ensure-system-packages.mjs';
import { freePort } from './ports.mjs';

/**
 * Starts a cluster; resolves to its URL (database `postgres`, user `postgres`) and a stop function.
 * @param {{ maxConnections?: number, settings?: string[], nice?: boolean }} [options] nice: the server at the lowest CPU priority
 */
export async function startThrowawayCluster(options = {}) {
  ensureSystemPackages(['postgresql']);
  const bin = postgresBinDir();
  if (!bin) throw new Error('PostgreSQL is not installed (apt-get install postgresql)');
  const dir = mkdtempSync(join(tmpdir(), 'courtreplay-pg-'));
  const data = join(dir, 'data');
  const asRoot = process.getuid?.() === 0;
  if (asRoot) {
    const uid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).trim());
    const gid = Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).trim());
    chownSync(dir, uid, gid);
  }
  chmodSync(dir, 0o700);
  const run = (program, args) => {
    const command = [...(options.nice ? ['nice', '-n', '19'] : []), join(bin, program), ...args];
    const [file, ...rest] = asRoot ? ['runuser', '-u', 'postgres', '--', ...command] : command;
    return execFileSync(file, rest, { stdio: ['ignore', 'ignore', 'pipe'], cwd: dir });
  };
  run('initdb', ['-D', data, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--locale=C.UTF-8', '--no-sync']);
  const port = await freePort();
  const settings = [
    `-p ${port}`,
    `-k ${dir}`,
    "-c listen_addresses='127.0.0.1'",
    `-c max_connections=${options.maxConnections ?? 300}`,
    '-c fsync=off',
    '-c synchronous_commit=off',
    '-c full_page_writes=off',
    ...(options.settings ?? []),
  ];
  run('pg_ctl', ['-D', data, '-o', settings.join(' '), '-l', join(dir, 'server.log'), '-w', 'start']);
  const url = `postgres://postgres@127.0.0.1:${port}/postgres`;
  let stopped = false;
  const stop = () => {
    if (stopped) return;
    stopped = true;
    try {
      run('pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop']);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  };
  return { url, port, dir, stop };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const cluster = await startThrowawayCluster();
  console.log(`DATABASE_URL=${cluster.url}`);
  const stop = () => {
    cluster.stop();
    process.exit(0);
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
  setInterval(() => {}, 1 << 30);
}

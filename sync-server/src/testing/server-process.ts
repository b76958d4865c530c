// The real server as a process of its own (`node --import tsx sync-server/src/main.ts`), for the
// tests that need what only a process gives: a crash (SIGKILL) or two instances on one database.
// Started by the one starter every test and bench uses (scripts/server-process.mjs): port 0, ready
// on its 'is serving on' line.
import { startServerProcess as start, type ServerProcess } from '../../../scripts/server-process.mjs';

export type { ServerProcess } from '../../../scripts/server-process.mjs';

/** For a caller that must name a port before its program starts; a server should bind port 0 instead. */
export { freePort } from '../../../scripts/ports.mjs';

/** Starts the server with `env` (its API only, info logs), from its sources. */
export function startServerProcess(env: Record<string, string>): Promise<ServerProcess> {
  return start({ env: { ...env, LOG_LEVEL: 'info', SERVE_PWA: 'false', NODE_ENV: 'test' } });
}

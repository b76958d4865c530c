// The real server as a process of its own (`node --import tsx sync-server/src/main.ts`), for the
// tests that need what only a process gives: a crash (SIGKILL) or two instances on one database.
// It binds port 0 and says in its 'is serving on' line which port it got.
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { resolve } from 'node:path';
import { servingPort } from '../../../scripts/ports.mjs';

const repoRoot = resolve(import.meta.dirname, '../../..');

/** For a caller that must name a port before its program starts; a server should bind port 0 instead. */
export { freePort } from '../../../scripts/ports.mjs';

export interface ServerProcess {
  child: ChildProcess;
  url: string;
  /** Everything it logged so far (pino lines). */
  output(): string;
  /** SIGTERM, then waits for the exit. */
  stop(): Promise<void>;
}

/** Starts the server with `env`; ready when it logs that it is serving. */
export async function startServerProcess(env: Record<string, string>): Promise<ServerProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'sync-server/src/main.ts'], {
    cwd: repoRoot,
    env: { ...process.env, ...env, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'info', SERVE_PWA: 'false', NODE_ENV: 'test' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let output = '';
  let port = 0;
  child.stdout!.on('data', (d: Buffer) => (output += d.toString()));
  await new Promise<void>((ready, fail) => {
    const check = () => {
      port = servingPort(output) ?? 0;
      if (port) {
        child.stdout!.off('data', check);
        child.off('exit', exited);
        ready();
      }
    };
    const exited = (code: number | null) => fail(new Error(`server exited with ${code}:\n${output}`));
    child.stdout!.on('data', check);
    child.once('exit', exited);
  });
  return {
    child,
    url: `http://127.0.0.1:${port}`,
    output: () => output,
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = once(child, 'exit');
      child.kill('SIGTERM');
      await exited;
    },
  };
}

// Types of server-process.mjs for the TypeScript that imports it (API tests, browser tests, benches).
import type { ChildProcess } from 'node:child_process';

export interface ServerProcess {
  child: ChildProcess;
  /** The port it serves on (the one it bound with PORT=0, or the one it was given). */
  port: number;
  /** http://127.0.0.1:{port} */
  url: string;
  /** Its stdout and stderr so far (pino lines). */
  output(): string;
  /** SIGTERM, then waits for the exit (SIGKILL after 25 s). */
  stop(): Promise<void>;
}

/** Starts the server (its sources through tsx, or the compiled bundle) and resolves once it serves. */
export function startServerProcess(options?: { program?: 'source' | 'bundle'; env?: Record<string, string> }): Promise<ServerProcess>;

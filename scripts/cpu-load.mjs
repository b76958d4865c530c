// A steady CPU load on one core, as a shared CI machine has: `npm run test:busy` runs the whole
// suite beside it, to show that no test's outcome depends on the machine being quiet. The load is
// a child process spinning at normal priority. It ends when stopped or when this process exits, and
// on its own when its parent is gone (killed outright, even), so a run cut short leaves no spinner.
import { spawn } from 'node:child_process';

// Spins, and every ten million steps (a few milliseconds) checks that its parent is still there:
// once the parent dies, the spinner is handed to another process and its parent id changes. The
// parent's id is passed in, not read at start: a parent killed while the spinner starts would
// otherwise leave it watching its new parent.
const SPIN = `const parent = Number(process.argv[1]);
for (;;) {
  for (let i = 0; i < 1e7; i += 1);
  if (process.ppid !== parent) process.exit(0);
}`;

/**
 * Starts the load.
 * @returns {{ pid: number, stop: () => void, exited: Promise<void> }} stop ends it at once; exited resolves when it has
 */
export function startCpuLoad() {
  const child = spawn(process.execPath, ['-e', SPIN, String(process.pid)], { stdio: 'ignore' });
  const exited = new Promise((resolve) => child.once('exit', () => resolve(undefined)));
  const stop = () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  };
  process.once('exit', stop);
  return { pid: /** @type {number} */ (child.pid), stop, exited };
}

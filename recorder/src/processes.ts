// How the recorder handles its ffmpeg processes on each system. On Windows there are no signals to
// ask a process to finish: ffmpeg stops cleanly (closing its last segment) on `q` on its standard
// input, so there it gets a pipe; elsewhere SIGTERM. An ffmpeg left running by a recorder that was
// killed is found by its command line (which names its buffer folder): Linux's /proc, `ps` on
// macOS, PowerShell's Win32_Process on Windows.
import type { Child, Platform, Spawn } from './platform.ts';

/** ffmpeg's arguments that depend on how it will be stopped: no stdin reading except on Windows. */
export const stdinArgs = (os: NodeJS.Platform): string[] => (os === 'win32' ? [] : ['-nostdin']);

export const stdinMode = (os: NodeJS.Platform): 'pipe' | 'ignore' => (os === 'win32' ? 'pipe' : 'ignore');

/** Asks ffmpeg to finish its segment and stop. */
export function askToStop(child: Child, os: NodeJS.Platform): void {
  if (os === 'win32') {
    child.stdin?.write('q');
    child.stdin?.end();
  } else child.kill('SIGTERM');
}

/** The signals that ask the recorder itself to stop (Ctrl+C; on Windows also Ctrl+Break and closing the window). */
export const stopSignals = (os: NodeJS.Platform): NodeJS.Signals[] =>
  os === 'win32' ? ['SIGINT', 'SIGBREAK', 'SIGHUP'] : ['SIGINT', 'SIGTERM'];

/** What one short command prints on its standard output, or undefined when it fails. */
function output(spawn: Spawn, command: string, args: string[]): Promise<string | undefined> {
  return new Promise((resolve) => {
    let child: Child;
    try {
      child = spawn(command, args, { stdin: 'ignore', stdout: 'pipe' });
    } catch {
      return resolve(undefined);
    }
    let out = '';
    child.stdout?.on('data', (d: Buffer) => (out += d.toString()));
    child.on('error', () => resolve(undefined));
    child.on('close', (code) => resolve(code === 0 ? out : undefined));
  });
}

/** The command line of the running process `pid`, or undefined when none runs (or the system cannot say). */
export async function commandLineOf(platform: Pick<Platform, 'os' | 'spawn' | 'fs'>, pid: number): Promise<string | undefined> {
  if (!Number.isInteger(pid) || pid <= 0) return undefined;
  if (platform.os === 'linux') {
    try {
      return platform.fs.readText(`/proc/${pid}/cmdline`).split('\0').join(' ');
    } catch {
      return undefined;
    }
  }
  if (platform.os === 'win32') {
    const script = `(Get-CimInstance Win32_Process -Filter "ProcessId=${pid}").CommandLine`;
    return (await output(platform.spawn, 'powershell.exe', ['-NoProfile', '-NonInteractive', '-Command', script]))?.trim() || undefined;
  }
  return (await output(platform.spawn, 'ps', ['-o', 'command=', '-p', String(pid)]))?.trim() || undefined;
}

/**
 * Ends the ffmpeg a recorder killed with -9 left running, recognised by `pid` and by its command
 * line naming `dir` (a pid reused by another program is left alone). Answers whether it ended one.
 */
export async function endOrphan(platform: Platform, pid: number, dir: string): Promise<boolean> {
  if (!platform.alive(pid)) return false;
  const line = await commandLineOf(platform, pid);
  if (!line?.includes(dir)) return false;
  platform.kill(pid);
  return true;
}

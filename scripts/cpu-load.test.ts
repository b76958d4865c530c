// The busy-machine run's load (cpu-load.mjs): it takes a core while it runs and never outlives the
// run that started it, also when that run is killed outright.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { expect, it, vi } from 'vitest';
import { startCpuLoad } from './cpu-load.mjs';

/** CPU time a process has used, in clock ticks (Linux's /proc). */
const cpuTicks = (pid: number) => {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return Number(fields[11]) + Number(fields[12]);
};
/** Whether the process still runs: gone, or ended and waiting to be reaped (a zombie), it does not. */
const running = (pid: number) => {
  try {
    return readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ')[0] !== 'Z';
  } catch {
    return false;
  }
};

it('spins a core until stopped', async () => {
  const load = startCpuLoad();
  try {
    await vi.waitUntil(() => cpuTicks(load.pid) >= 5, { timeout: 30_000, interval: 20 });
  } finally {
    load.stop();
  }
  await load.exited;
  expect(running(load.pid)).toBe(false);
});

it('ends by itself when the run that started it is killed outright', async () => {
  const run = spawn(
    process.execPath,
    [
      '--input-type=module',
      '-e',
      `const { startCpuLoad } = await import(${JSON.stringify(new URL('./cpu-load.mjs', import.meta.url).href)}); console.log(startCpuLoad().pid);`,
    ],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  const pid = await new Promise<number>((resolve) => run.stdout.once('data', (line: Buffer) => resolve(Number(line.toString().trim()))));
  await vi.waitUntil(() => cpuTicks(pid) >= 1, { timeout: 30_000, interval: 20 });
  run.kill('SIGKILL');
  await vi.waitUntil(() => !running(pid), { timeout: 30_000, interval: 20 });
});

// The last word on a stop: a worker thread that kills the process when the grace period is over.
// The shutdown's own timer runs on the main thread, so anything that blocks it (a synchronous
// write to a dead pipe, a native call waiting on a lock) would also stop that timer; a worker's
// event loop keeps running whatever the main thread does.
import { Worker } from 'node:worker_threads';

const WATCHDOG = `
const { workerData } = require('node:worker_threads');
setTimeout(() => process.kill(workerData.pid, 'SIGKILL'), workerData.ms);
`;

/** Kills this process in `ms` unless it has exited by then (the worker never holds it open). */
export function armStopWatchdog(ms: number): void {
  new Worker(WATCHDOG, { eval: true, workerData: { pid: process.pid, ms } }).unref();
}

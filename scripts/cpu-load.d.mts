// Types of cpu-load.mjs for the TypeScript that imports it (its test).
/** Starts a child process spinning on one core at normal priority; it ends when stopped, when this process exits, or when its parent is gone. */
export function startCpuLoad(): { pid: number; stop: () => void; exited: Promise<void> };

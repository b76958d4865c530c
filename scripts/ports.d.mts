// Types of ports.mjs for the TypeScript that imports it (the tests' server helpers, the benches).
/** A TCP port on loopback that was free a moment ago, chosen by the kernel. */
export function freePort(): Promise<number>;
/** The port the server says it serves on, once its output holds the 'is serving on' line. */
export function servingPort(output: string): number | undefined;

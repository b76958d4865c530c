// Ports for the processes the tests, benches and checks start: the one copy of these helpers.
//
// A server that can bind port 0 should: the kernel then hands it a port nobody holds, and nothing
// can take it between the choice and the bind. The CourtReplay server does with PORT=0 and names
// the port it got in its 'is serving on' line (sync-server/src/main.ts), read with servingPort().
// freePort() is for the programs that must be told their port before they start (PostgreSQL,
// Caddy, a payment imitation that needs the server's address first): it closes the port it found
// before the program binds it, so another process could take it in between (rare, and the reason
// nothing that can bind port 0 uses it).
import { createServer } from 'node:net';

/**
 * A TCP port on loopback that was free a moment ago, chosen by the kernel.
 * @returns {Promise<number>}
 */
export function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = /** @type {import('node:net').AddressInfo} */ (server.address());
      server.close(() => resolve(port));
    });
  });
}

/** The server's line once it answers requests: `CourtReplay is serving on http://localhost:PORT (data in ...)`. */
const SERVING = /is serving on http:\/\/[^\s/]*:(\d+)\s/;

/**
 * The port the server says it serves on, once its output holds the 'is serving on' line.
 * @param {string} output the server's stdout so far
 * @returns {number | undefined}
 */
export function servingPort(output) {
  const match = SERVING.exec(output);
  return match ? Number(match[1]) : undefined;
}

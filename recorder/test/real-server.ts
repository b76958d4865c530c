// The real sync server for the recorder's tests: the in-process app on a fresh database, on the real
// clock, served over HTTP on loopback as a venue's PC reaches it.
import { serve } from '@hono/node-server';
import { makeTestApp, type TestApp } from '@courtreplay/sync-server/testing';
import type { Server as HttpServer } from 'node:http';
import type { AddressInfo } from 'node:net';

type Deps = NonNullable<Parameters<typeof makeTestApp>[0]>['deps'];

export interface RealServer {
  t: TestApp;
  /** http://127.0.0.1:<port> */
  url: string;
  close(): Promise<void>;
}

export async function serveRealServer(deps: Deps = {}): Promise<RealServer> {
  const t = await makeTestApp({ deps: { clock: { now: () => new Date() }, ...deps } });
  const server = serve({ fetch: t.app.fetch, port: 0, hostname: '127.0.0.1' });
  await new Promise<void>((resolve) => server.once('listening', () => resolve()));
  return {
    t,
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: async () => {
      (server as HttpServer).closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
      await t.close();
    },
  };
}

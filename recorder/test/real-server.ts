// The real sync server for the recorder's tests: the in-process app on a fresh database with its
// real adapters (local storage in the test's folder: the marked clips' uploads land there), on the
// real clock, served over HTTP on loopback as a venue's PC reaches it.
import { serve } from '@hono/node-server';
import { makeAdapterTestApp, type AdapterTestApp } from '@courtreplay/sync-server/testing/adapter-app';
import type { Server as HttpServer } from 'node:http';
import type { AddressInfo } from 'node:net';

type Deps = NonNullable<Parameters<typeof makeAdapterTestApp>[0]>['deps'];

export interface RealServer {
  t: AdapterTestApp;
  /** http://127.0.0.1:<port> */
  url: string;
  close(): Promise<void>;
}

export async function serveRealServer(deps: Deps = {}): Promise<RealServer> {
  const t = await makeAdapterTestApp({ deps: { clock: { now: () => new Date() }, ...deps } });
  const server = serve({ fetch: t.app.fetch, port: 0, hostname: '127.0.0.1' });
  await new Promise<void>((resolve) => server.once('listening', () => resolve()));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  // As PUBLIC_URL says in production: local storage's upload URLs name this server.
  t.config.publicUrl = url;
  return {
    t,
    url,
    close: async () => {
      (server as HttpServer).closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
      await t.close();
    },
  };
}

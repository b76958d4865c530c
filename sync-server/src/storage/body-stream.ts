import type { IncomingMessage } from 'node:http';
import { Readable } from 'node:stream';
import type { ReadableStream as NodeWebStream } from 'node:stream/web';
import type { Context } from 'hono';

/**
 * A request body as a Node stream for the upload routes: straight from the socket under
 * @hono/node-server (no web-stream hop), else from the Request (app.request() in tests).
 */
export function bodyStream(c: Context): Readable | null {
  const incoming = (c.env as { incoming?: IncomingMessage } | undefined)?.incoming;
  if (incoming && typeof incoming.pipe === 'function') return incoming;
  const body = c.req.raw.body;
  return body ? Readable.fromWeb(body as NodeWebStream<Uint8Array>) : null;
}

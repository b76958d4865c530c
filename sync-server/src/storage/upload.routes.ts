// PUT /api/storage/upload/:uploadId?exp&sig: the local storage's resumable upload endpoint (the
// counterpart of a Google Drive session URL). The signed URL is the credential, so the answer
// carries CORS headers for whichever origin the PWA runs on.
import { endpoints } from '@courtreplay/shared';
import { Hono, type Context } from 'hono';
import type { SelfHostedStorage } from '../adapters/ports.ts';
import type { AppEnv } from '../app-env.ts';
import { route } from '../http/contract.ts';
import { bodyStream } from './body-stream.ts';

function corsHeaders(c: Context<AppEnv>): Record<string, string> {
  return {
    'Access-Control-Allow-Origin': c.req.header('Origin') ?? '*',
    'Access-Control-Allow-Methods': 'PUT, OPTIONS',
    'Access-Control-Allow-Headers': 'Content-Type, Content-Range',
    'Access-Control-Expose-Headers': 'Range, Content-Length',
    'Access-Control-Max-Age': '600',
    Vary: 'Origin',
  };
}

/** Mounted by app.ts when the storage is the local disk (isSelfHostedStorage), which is the only storage that has this endpoint. */
export function uploadRoutes(storage: SelfHostedStorage): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();

  routes.options(endpoints.uploadClip.path, (c) => new Response(null, { status: 204, headers: corsHeaders(c) }));

  route(routes, endpoints.uploadClip).handle(async (c, { params, query }) => {
    const headers = corsHeaders(c);
    // Set before anything can throw, so the error handler's answer carries them too.
    for (const [name, value] of Object.entries(headers)) c.header(name, value);
    const ticket = storage.openUpload(params.uploadId, query.exp, query.sig);
    const answer = await storage.receive(ticket, c.req.header('Content-Range'), c.req.header('Content-Type'), bodyStream(c));
    if (answer.status === 308) {
      return new Response(null, {
        status: 308,
        headers: { ...headers, 'Content-Length': '0', ...(answer.range ? { Range: answer.range } : {}) },
      });
    }
    // 200: the file was already whole (a repeated last chunk or a status query); 201: just completed.
    return answer.status === 200 ? { status: 200, body: answer.file } : { status: 201, body: answer.file };
  });

  return routes;
}

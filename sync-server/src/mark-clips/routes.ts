// /api/recorder/marks/{id}/files/...: the recorder's uploads of a marked clip and its preview (bearer
// token), built from the shared definitions (shared/src/contract/mark-clips.ts); thin handlers over
// service.ts. A clip just stored is handed on (phone-store/ready.ts): the purchases waiting for it
// get their copy and the players who asked are told.
import { endpoints } from '@courtreplay/shared';
import { Hono, type Context } from 'hono';
import type { AppEnv } from '../app-env.ts';
import { currentRecorder } from '../http/auth.ts';
import { route } from '../http/contract.ts';
import { markReady } from '../phone-store/ready.ts';
import { beginMarkFile, completeMarkFile, markFileParts, type ReportOutcome } from './service.ts';

/** The answer, once what a ready mark sets going has run (a copy for its buyers, the players' messages). */
async function answer(c: Context<AppEnv>, outcome: ReportOutcome) {
  if (outcome.becameReady) await markReady(c.var.deps, outcome.answer.markId);
  return { status: 200 as const, body: outcome.answer };
}

export function markClipRoutes(): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  route(app, endpoints.beginMarkFile).handle(async (c, { params, body }) => {
    const begun = await beginMarkFile(c.var.deps, currentRecorder(c), params.id, params.kind, body);
    if (begun.becameReady) await markReady(c.var.deps, params.id);
    return { status: 200, body: begun.answer };
  });
  route(app, endpoints.markFileParts).handle(async (c, { params }) => ({
    status: 200,
    body: await markFileParts(c.var.deps, currentRecorder(c), params.id, params.kind),
  }));
  route(app, endpoints.completeMarkFile).handle(async (c, { params }) =>
    answer(c, await completeMarkFile(c.var.deps, currentRecorder(c), params.id, params.kind)),
  );
  return app;
}

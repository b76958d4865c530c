// The API's own description: /api/openapi.json generated from the shared endpoint definitions, and
// a readable reference page at /api/docs (Swagger UI, served from our own node_modules: nothing is
// fetched from a CDN, and none of it is in the PWA's bundles).
import { buildOpenApi, endpoints } from '@courtreplay/shared';
import { Hono } from 'hono';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { AppEnv } from '../app-env.ts';
import { route } from '../http/contract.ts';
import { REPO_ROOT, serverFile } from '../paths.ts';

const require = createRequire(import.meta.url);
/** The version the document states: the server package's own, so it is written in one place. */
const SERVER_VERSION = (require(serverFile('package.json')) as { version: string }).version;

export const openApiDocument = () => buildOpenApi(endpoints, { version: SERVER_VERSION });

/** The committed copy, for readers of the repository (kept current by `npm run openapi`). */
export const OPENAPI_COPY = join(REPO_ROOT, 'docs/openapi.json');

const swaggerDir = dirname(require.resolve('swagger-ui-dist/package.json'));
const ASSETS: Record<string, { file: string; type: string }> = {
  'swagger-ui.css': { file: 'swagger-ui.css', type: 'text/css; charset=utf-8' },
  'swagger-ui-bundle.js': { file: 'swagger-ui-bundle.js', type: 'text/javascript; charset=utf-8' },
};

// The CSP allows no inline script: the page starts Swagger UI from a script of its own.
const START_SCRIPT = `window.ui = SwaggerUIBundle({ url: '/api/openapi.json', dom_id: '#reference', deepLinking: true, defaultModelsExpandDepth: 0 });\n`;

const PAGE = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>CourtReplay API reference</title>
<link rel="icon" href="data:,">
<link rel="stylesheet" href="/api/docs/swagger-ui.css">
</head>
<body>
<div id="reference"></div>
<script src="/api/docs/swagger-ui-bundle.js"></script>
<script src="/api/docs/start.js"></script>
</body>
</html>`;

export function apiDocsRoutes(): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  let document: ReturnType<typeof openApiDocument> | undefined;
  route(app, endpoints.openApi).handle(async () => ({ status: 200, body: (document ??= openApiDocument()) }));
  route(app, endpoints.apiDocs).handle(async (c) => c.html(PAGE));
  app.get('/api/docs/start.js', (c) => c.body(START_SCRIPT, 200, { 'Content-Type': 'text/javascript; charset=utf-8' }));
  app.get('/api/docs/:asset', async (c) => {
    const asset = ASSETS[c.req.param('asset')];
    if (!asset) return c.json({ message: 'Not found' }, 404);
    const body = await readFile(join(swaggerDir, asset.file));
    return c.body(body, 200, { 'Content-Type': asset.type, 'Cache-Control': 'public, max-age=86400' });
  });
  return app;
}

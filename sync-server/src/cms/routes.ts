// The CMS uploads and the portrait promo video's removal (super admin; ?staging=true writes the
// _STAGING key) and the media they produce, served at /media/:file with long cache headers (every upload gets a new name).
import { endpoints, SERVER_MESSAGES } from '@courtreplay/shared';
import { existsSync } from 'node:fs';
import { Hono } from 'hono';
import type { AppEnv } from '../app-env.ts';
import { auditRoute } from '../audit/record.ts';
import { route } from '../http/contract.ts';
import { bodyStream } from '../storage/body-stream.ts';
import { sendFile } from '../storage/send-file.ts';
import { emailPreview } from './email-preview.ts';
import { MEDIA_PATH, MEDIA_TYPES, mediaDir, ownMediaFile, removePortraitPromoVideo, RULES, storeMedia, type CmsUpload } from './service.ts';

export function cmsRoutes(): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  for (const upload of Object.keys(RULES) as CmsUpload[]) {
    route(app, endpoints[upload]).handle(async (c, { query }) => {
      const { db, config, clock } = c.var.deps;
      const request = { contentType: c.req.header('Content-Type'), contentLength: c.req.header('Content-Length'), body: bodyStream(c) };
      const answer = await storeMedia({ db, dataDir: config.dataDir, now: () => clock.now() }, upload, query.staging === 'true', request);
      c.var.log.info({ key: answer.key, url: answer.url }, 'CMS media uploaded');
      await auditRoute(c, { action: 'cms.upload', entity: 'config', entityId: answer.key, after: { url: answer.url } });
      return { status: 200, body: answer };
    });
  }
  route(app, endpoints.emailPreview).handle(async (c, { body }) => {
    const { config, clock } = c.var.deps;
    const { productName, publicUrl, retentionDays } = config;
    return { status: 200, body: emailPreview({ ...body, productName, publicUrl, retentionDays, now: clock.now() }) };
  });
  route(app, endpoints.deletePortraitPromoVideo).handle(async (c, { query }) => {
    const { db, config } = c.var.deps;
    const answer = await removePortraitPromoVideo({ db, dataDir: config.dataDir }, query.staging === 'true');
    c.var.log.info({ key: answer.key }, 'CMS media removed');
    await auditRoute(c, { action: 'cms.remove', entity: 'config', entityId: answer.key, after: null });
    return { status: 200, body: answer };
  });
  return app;
}

export function mediaRoutes(): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();
  routes.on(['GET', 'HEAD'], '/:file', async (c) => {
    const dir = mediaDir(c.var.deps.config.dataDir);
    const path = ownMediaFile(dir, `${MEDIA_PATH}${c.req.param('file')}`);
    if (!path || !existsSync(path)) return c.json({ message: SERVER_MESSAGES.request.notFound }, 404);
    const ext = path.split('.').pop()!;
    return sendFile(c, path, { contentType: MEDIA_TYPES[ext]!, cacheControl: 'public, max-age=31536000, immutable' });
  });
  return routes;
}

// GET /downloads/recorder.mjs: the venue's recorder as one file (scripts/build-recorder.mjs makes
// it during `npm run build`), which a venue's PC runs with Node 22 and ffmpeg alone. Public, like
// the code it is built from: it holds no token or key (each recorder's token comes with the
// command that starts it). Revalidated on every download, so a PC fetching it after an upgrade
// gets the new build, and a browser that has it gets a 304.
import { existsSync } from 'node:fs';
import { RECORDER_DOWNLOAD_MISSING, RECORDER_DOWNLOAD_PATH } from '@courtreplay/shared';
import { Hono } from 'hono';
import type { AppEnv } from '../app-env.ts';
import { sendFile } from '../storage/send-file.ts';

export function recorderDownloadRoutes(): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  app.get(RECORDER_DOWNLOAD_PATH, (c) => {
    const file = c.var.deps.recorderDownload;
    if (!file || !existsSync(file)) return c.json({ message: RECORDER_DOWNLOAD_MISSING }, 404);
    return sendFile(c, file, {
      contentType: 'text/javascript; charset=utf-8',
      cacheControl: 'no-cache',
      disposition: 'attachment; filename="recorder.mjs"',
    });
  });
  return app;
}

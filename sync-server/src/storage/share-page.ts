// /d/:folderId — the page a player opens from the e-mail on a phone (local and S3 storage): the venue
// and product name, every clip playable inline and downloadable. /d/:folderId/:file streams a clip
// with byte ranges. No script: it renders under the strictest policy.
import { SERVER_MESSAGES } from '@courtreplay/shared';
import { Hono } from 'hono';
import type { AppEnv } from '../app-env.ts';
import type { FolderInfo, SharedFolders } from '../adapters/ports.ts';
import { contentTypeOf } from '../adapters/file-names.ts';
import { escapeHtml as e } from '../mail/compose.ts';
import { findFolderPurchase, type FolderPurchase } from './queries.ts';
import { attachment, sendFile, sendRead } from './send-file.ts';

function fileSize(bytes: number): string {
  if (bytes < 1048576) return `${Math.max(1, Math.round(bytes / 1024))} KB`;
  return `${(bytes / 1048576).toFixed(bytes < 10 * 1048576 ? 1 : 0)} MB`;
}

export function renderSharePage(folder: FolderInfo, productName: string): string {
  const title = `Your ${productName} videos`;
  const clips = folder.files
    .map((f, i) => {
      const href = `/d/${folder.folderId}/${encodeURIComponent(f.name)}`;
      // The browser decides whether a .mov plays; the type hint only helps it choose.
      return `<li class="clip">
  <video controls preload="metadata" playsinline src="${e(href)}" aria-label="Video ${i + 1}"></video>
  <div class="row"><span class="name">${e(f.name)}</span><span class="size">${fileSize(f.size)}</span></div>
  <a class="download" href="${e(href)}" download="${e(f.name)}">Download</a>
</li>`;
    })
    .join('\n');
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${e(title)}</title>
<style>
  :root { color-scheme: light dark; --accent: #12a150; }
  * { box-sizing: border-box; }
  body { margin: 0; font-family: system-ui, -apple-system, Segoe UI, Roboto, sans-serif; background: #0f172a; color: #e2e8f0; }
  header { padding: 28px 20px 12px; text-align: center; }
  .product { font-size: 14px; letter-spacing: .12em; text-transform: uppercase; color: #94a3b8; margin: 0; }
  h1 { font-size: 26px; margin: 8px 0 4px; }
  .venue { margin: 0; color: #cbd5e1; }
  main { max-width: 720px; margin: 0 auto; padding: 8px 14px 40px; }
  ul { list-style: none; margin: 0; padding: 0; display: grid; gap: 18px; }
  .clip { background: #1e293b; border-radius: 14px; overflow: hidden; }
  video { display: block; width: 100%; max-height: 70vh; background: #000; }
  .row { display: flex; justify-content: space-between; gap: 12px; padding: 12px 14px 0; font-size: 14px; color: #cbd5e1; }
  .name { overflow: hidden; text-overflow: ellipsis; white-space: nowrap; }
  .download { display: block; margin: 12px 14px 14px; padding: 12px; text-align: center; border-radius: 10px; background: var(--accent); color: #fff; font-weight: 600; text-decoration: none; }
  .empty { text-align: center; color: #94a3b8; padding: 40px 0; }
  footer { text-align: center; font-size: 12px; color: #64748b; padding: 0 20px 28px; }
</style>
</head>
<body>
<header>
  <p class="product">${e(productName)}</p>
  <h1>${e(title)}</h1>
  ${folder.venueName ? `<p class="venue">${e(folder.venueName)}</p>` : ''}
</header>
<main>
${folder.files.length ? `<ul>\n${clips}\n</ul>` : '<p class="empty">Your videos are still being uploaded. Please check again in a few minutes.</p>'}
</main>
<footer>${folder.files.length} ${folder.files.length === 1 ? 'video' : 'videos'} &middot; tap Download to save a video to your phone</footer>
</body>
</html>`;
}

const GONE_PAGE = '<!doctype html><title>Not found</title><p>This link is not valid or the videos have been removed.</p>';

function isPublic(owner: FolderPurchase): boolean {
  const sold = owner.paymentStatus === 'paid' || owner.paymentStatus === 'free';
  return sold && owner.erasedAt === null && owner.clipsExpiredAt === null;
}

/** Mounted by app.ts when the storage serves its folders here (sharesFolders: local disk, S3): with Google Drive the e-mail links to Drive. */
export function shareRoutes(storage: SharedFolders): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();
  // The folder id in every /d/ address is the player's key to their clips: no page, clip or
  // refusal under it may pass that address on in a Referer header.
  routes.use('*', async (c, next) => {
    await next();
    c.header('Referrer-Policy', 'no-referrer');
  });

  // A purchase's folder is public only while its purchase is sold and its clips kept: not before payment, not after an erase, the retention job, or an unpaid end.
  routes.use('/:folderId/*', async (c, next) => {
    const folderId = c.req.param('folderId');
    const owner = await findFolderPurchase(c.var.deps.db, folderId);
    if (!owner || isPublic(owner)) return next();
    // The same 404 as a folder that does not exist: the page, or a clip's.
    if (c.req.path.endsWith(`/${folderId}`)) return c.html(GONE_PAGE, 404);
    return c.json({ message: SERVER_MESSAGES.request.notFound }, 404);
  });

  routes.get('/:folderId', async (c) => {
    const folder = await storage.folder(c.req.param('folderId'));
    if (!folder) return c.html(GONE_PAGE, 404);
    c.header('Cache-Control', 'no-cache');
    return c.html(renderSharePage(folder, c.var.deps.config.productName));
  });

  routes.on(['GET', 'HEAD'], '/:folderId/:file', async (c) => {
    const name = c.req.param('file');
    const folderId = c.req.param('folderId');
    const options = { contentType: contentTypeOf(name), cacheControl: 'private, max-age=86400', disposition: attachment(name) };
    if (storage.filePath) {
      const path = await storage.filePath(folderId, name);
      if (!path) return c.json({ message: SERVER_MESSAGES.request.notFound }, 404);
      return sendFile(c, path, options);
    }
    // No file on this machine (a bucket): the clip is streamed through this server, a Range at a time.
    const clip = (await storage.folder(folderId))?.files.find((f) => f.name === name);
    if (!clip) return c.json({ message: SERVER_MESSAGES.request.notFound }, 404);
    return sendRead(c, clip.size, (range) => storage.readFile(folderId, name, range), options);
  });

  return routes;
}

// /p/{token}: the player's phone page, its state for the page's polling, each clip
// (inline with Range, or as a download) and all clips as one ZIP streamed as it is read. The state is
// a JSON call of the contract (phonePageState); the page and its files are for a phone's browser.
// An unknown token and one not well formed get the same 404; an unpaid purchase never serves a clip.
import { endpoints, KIOSK_MESSAGES, SERVER_MESSAGES } from '@courtreplay/shared';
import { Hono, type Context } from 'hono';
import type { AppEnv } from '../app-env.ts';
import { notFound as notFoundError } from '../errors.ts';
import { route } from '../http/contract.ts';
import { parseRange } from '../http/range-header.ts';
import { webStreamOf } from '../http/web-body.ts';
import { phoneUrlOf } from '../purchases/phone-token.ts';
import { PHONE_SCRIPT, PHONE_SCRIPT_PATH, renderPhonePage } from './page.ts';
import { phonePurchase, type PhoneFile } from './service.ts';
import { addPhoneContact } from '../phone-store/contact.ts';
import { CLIP_CHUNK_BYTES, MAX_CLIP_STREAMS_PER_PURCHASE, perPurchaseLimit } from './clip-stream.ts';
import { MAX_ZIPS_PER_PURCHASE, zipStream } from './zip-stream.ts';

const PRIVATE = {
  'Cache-Control': 'no-store',
  'X-Robots-Tag': 'noindex, nofollow',
  'Referrer-Policy': 'no-referrer',
} as const;

const notFound = (c: Context<AppEnv>) => c.json({ message: SERVER_MESSAGES.request.notFound }, 404, PRIVATE);

/** A download name a phone saves safely: letters, digits, '-', '_' and '.', ending in the clip's extension. */
function fileNameOf(clip: PhoneFile): string {
  const extension = /\.[A-Za-z0-9]{1,5}$/.exec(clip.file.name)?.[0] ?? '.mp4';
  const safe =
    clip.title
      .normalize('NFKD')
      .replace(/[^A-Za-z0-9_-]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 60) || `clip-${clip.n}`;
  return `${String(clip.n).padStart(2, '0')}-${safe}${extension}`;
}

export function phonePageRoutes(): Hono<AppEnv> {
  const app = new Hono<AppEnv>();

  // Before /p/:token: the page's only script, the same for every purchase.
  app.get(PHONE_SCRIPT_PATH, (c) =>
    c.body(PHONE_SCRIPT, 200, { 'Content-Type': 'text/javascript; charset=utf-8', 'Cache-Control': 'public, max-age=3600' }),
  );

  app.get('/p/:token', async (c) => {
    const purchase = await phonePurchase(c.var.deps, c.req.param('token'));
    if (!purchase) return c.html(notFoundPage(), 404, PRIVATE);
    const pageUrl = phoneUrlOf(c.var.deps.config.publicUrl, c.req.param('token'));
    return c.html(renderPhonePage(purchase, pageUrl, c.var.deps.config.retentionDays), 200, PRIVATE);
  });

  route(app, endpoints.phonePageState).handle(async (c, { params }) => {
    // Set first, so the 404 answer for an unknown token is private too.
    for (const [name, value] of Object.entries(PRIVATE)) c.header(name, value);
    const purchase = await phonePurchase(c.var.deps, params.token);
    if (!purchase) throw notFoundError();
    const T = KIOSK_MESSAGES[purchase.language].phone;
    const base = `/p/${params.token}`;
    const body = {
      status: purchase.status,
      expected: purchase.expected,
      clips: purchase.clips.map((clip) => ({ ...clip, url: `${base}/clip/${clip.n}` })),
      progress:
        purchase.status !== 'uploading'
          ? null
          : purchase.store?.waiting.length
            ? purchase.store.waiting.join(' ')
            : T.uploading(purchase.clips.length, purchase.expected),
      keptUntil: purchase.keptUntil,
      removedAt: purchase.removedAt,
    };
    return { status: 200, body };
  });

  route(app, endpoints.phonePageContact).handle(async (c, { params, body }) => {
    for (const [name, value] of Object.entries(PRIVATE)) c.header(name, value);
    const purchase = await phonePurchase(c.var.deps, params.token);
    // Only a phone's purchase takes a contact here (a kiosk's was given at the kiosk).
    if (!purchase?.store) throw notFoundError();
    const language = body.language ?? purchase.language;
    return { status: 200, body: { message: await addPhoneContact(c.var.deps, purchase.id, { ...body, language }) } };
  });

  // Per purchase, the clips streaming now (this instance): more at once are refused.
  const clipStreams = perPurchaseLimit(MAX_CLIP_STREAMS_PER_PURCHASE);

  app.get('/p/:token/clip/:n{[0-9]+}', async (c) => {
    const purchase = await phonePurchase(c.var.deps, c.req.param('token'));
    const n = Number(c.req.param('n'));
    const clip = purchase?.files.find((f) => f.n === n);
    const storage = c.var.deps.storage;
    if (!purchase || !clip || !purchase.folderId || !storage) return notFound(c);
    const range = parseRange(c.req.header('Range'), clip.file.size);
    if (range === 'unsatisfiable') return c.body(null, 416, { ...PRIVATE, 'Content-Range': `bytes */${clip.file.size}` });
    const release = clipStreams.take(purchase.id);
    if (!release) {
      const message = KIOSK_MESSAGES[purchase.language].phone.tooManyClipStreams;
      return c.json({ message }, 429, { ...PRIVATE, 'Retry-After': '30' });
    }
    let read: Awaited<ReturnType<typeof storage.readFile>>;
    try {
      read = await storage.readFile(purchase.folderId, clip.file.id, range, { chunkBytes: CLIP_CHUNK_BYTES });
    } catch (err) {
      release();
      throw err;
    }
    // Its place is free again once the file is closed: read to the end, or the reader went away.
    read.body.once('close', release);
    const headers: Record<string, string> = {
      ...PRIVATE,
      'Content-Type': read.mimeType || 'video/mp4',
      'Content-Length': String(read.end - read.start + 1),
      'Accept-Ranges': 'bytes',
    };
    if (range) headers['Content-Range'] = `bytes ${read.start}-${read.end}/${read.size}`;
    if (c.req.query('download') !== undefined) headers['Content-Disposition'] = `attachment; filename="${fileNameOf(clip)}"`;
    return c.body(webStreamOf(read.body), range ? 206 : 200, headers);
  });

  // Per purchase, the ZIPs streaming now (this instance): a fourth at once is refused.
  const zipsRunning = new Map<string, number>();

  app.get('/p/:token/all.zip', async (c) => {
    const purchase = await phonePurchase(c.var.deps, c.req.param('token'));
    const storage = c.var.deps.storage;
    if (!purchase || purchase.files.length === 0 || !purchase.folderId || !storage) return notFound(c);
    const running = zipsRunning.get(purchase.id) ?? 0;
    if (running >= MAX_ZIPS_PER_PURCHASE) {
      const message = KIOSK_MESSAGES[purchase.language].phone.tooManyDownloads;
      return c.json({ message }, 429, { ...PRIVATE, 'Retry-After': '30' });
    }
    zipsRunning.set(purchase.id, running + 1);
    const release = () => {
      const left = (zipsRunning.get(purchase.id) ?? 1) - 1;
      if (left > 0) zipsRunning.set(purchase.id, left);
      else zipsRunning.delete(purchase.id);
    };
    const entries = purchase.files.map((clip) => ({ name: fileNameOf(clip), file: clip.file }));
    const body = zipStream(storage, purchase.folderId, entries, release);
    return c.body(body, 200, { ...PRIVATE, 'Content-Type': 'application/zip', 'Content-Disposition': 'attachment; filename="clips.zip"' });
  });

  return app;
}

function notFoundPage(): string {
  const T = KIOSK_MESSAGES.en.phone;
  const id = KIOSK_MESSAGES.id.phone;
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><meta name="robots" content="noindex"><title>${T.title}</title></head><body style="font:16px system-ui;padding:16px"><p>${T.notFound}</p><p lang="id">${id.notFound}</p></body></html>`;
}

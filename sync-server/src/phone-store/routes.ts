// The store's calls under /c/{courtCode}/ (the cookie's path): its state, a promo's total, buying,
// ending an open order, a message when the venue is back, each rally's preview, and the page's
// script. The phone is its cookie: a phone sees, previews and buys only its own rallies.
import { endpoints, KIOSK_MESSAGES, SERVER_MESSAGES, type KioskLanguage } from '@courtreplay/shared';
import { readFileSync } from 'node:fs';
import { Hono, type Context } from 'hono';
import type { AppEnv } from '../app-env.ts';
import { clientAddress } from '../auth/routes.ts';
import { markLanguageOf } from '../court-marks/page.ts';
import { phoneKeyOfRequest } from '../court-marks/phone-cookie.ts';
import { addressLimiter, courtOfCode } from '../court-marks/service.ts';
import { DomainError, invalidInput, notFound } from '../errors.ts';
import { route } from '../http/contract.ts';
import { parseRange } from '../http/range-header.ts';
import { webStreamOf } from '../http/web-body.ts';
import { serverFile } from '../paths.ts';
import { CLIP_CHUNK_BYTES, MAX_CLIP_STREAMS_PER_PURCHASE, perPurchaseLimit } from '../phone-page/clip-stream.ts';
import { buyRallies, cancelPhoneOrder, quoteWithPromo } from './checkout.ts';
import { askToBeTold } from './notices.ts';
import { STORE_SCRIPT_PATH } from './page.ts';
import { previewOf } from './preview.ts';
import type { StoreCourt } from './rallies.ts';
import { storeState } from './store-state.ts';

const STORE_SCRIPT = readFileSync(serverFile('src/phone-store/assets/store.js'), 'utf8');
const PRIVATE = { 'Cache-Control': 'no-store', 'X-Robots-Tag': 'noindex, nofollow', 'Referrer-Policy': 'no-referrer' } as const;

async function storeCourt(c: Context<AppEnv>, courtCode: string): Promise<StoreCourt> {
  for (const [name, value] of Object.entries(PRIVATE)) c.header(name, value);
  const court = await courtOfCode(c.var.deps, courtCode);
  if (!court) throw notFound();
  return { ...court, courtCode };
}

const languageOf = (wanted: string | undefined, court: StoreCourt): KioskLanguage => markLanguageOf(wanted, court.venueLanguage);

/** The phone's key; a phone without its cookie has no rallies to act on. */
function phoneKeyOf(c: Context<AppEnv>, language: KioskLanguage): string {
  const key = phoneKeyOfRequest(c);
  if (!key) throw invalidInput(KIOSK_MESSAGES[language].store.noCookies);
  return key;
}

export function phoneStoreRoutes(): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  // Codes and payments from one address: a flood is refused, a venue's shared network is not.
  const limiter = addressLimiter(30);
  const take = (c: Context<AppEnv>, language: KioskLanguage) => {
    if (!limiter.take(clientAddress(c), c.var.deps.clock.now().getTime()))
      throw new DomainError('too_many_requests', KIOSK_MESSAGES[language].store.tooMany);
  };

  // Before /c/:courtCode: the page's only script, the same for every court.
  app.get(STORE_SCRIPT_PATH, (c) =>
    c.body(STORE_SCRIPT, 200, { 'Content-Type': 'text/javascript; charset=utf-8', 'Cache-Control': 'public, max-age=3600' }),
  );

  route(app, endpoints.phoneRallies).handle(async (c, { params, query }) => {
    const court = await storeCourt(c, params.courtCode);
    const body = await storeState(c.var.deps, court, phoneKeyOfRequest(c), languageOf(query.lang, court));
    return { status: 200, body };
  });

  route(app, endpoints.phoneQuote).handle(async (c, { params, body }) => {
    const court = await storeCourt(c, params.courtCode);
    const language = languageOf(body.language, court);
    take(c, language);
    return { status: 200, body: await quoteWithPromo(c.var.deps, court.venueId, { ...body, language }) };
  });

  route(app, endpoints.buyRallies).handle(async (c, { params, body }) => {
    const court = await storeCourt(c, params.courtCode);
    const language = languageOf(body.language, court);
    take(c, language);
    const bought = await buyRallies(c.var.deps, court, phoneKeyOf(c, language), { ...body, language });
    c.var.log.info({ purchaseId: bought.purchaseId, reused: bought.reused, rallies: body.rallies.length }, 'phone order');
    return { status: 200, body: bought };
  });

  route(app, endpoints.cancelPhoneOrder).handle(async (c, { params, query }) => {
    const court = await storeCourt(c, params.courtCode);
    const language = languageOf(query.lang, court);
    return { status: 200, body: { message: await cancelPhoneOrder(c.var.deps, phoneKeyOf(c, language), language) } };
  });

  route(app, endpoints.notifyWhenReady).handle(async (c, { params, body }) => {
    const court = await storeCourt(c, params.courtCode);
    const language = languageOf(body.language, court);
    take(c, language);
    const message = await askToBeTold(c.var.deps, court, phoneKeyOf(c, language), { email: body.email, phone: body.phone, language });
    return { status: 200, body: { message } };
  });

  // Per phone, the previews streaming now (this instance): more at once are refused.
  const streams = perPurchaseLimit(MAX_CLIP_STREAMS_PER_PURCHASE);

  app.get('/c/:courtCode/rallies/:id{[0-9]{1,15}}/preview', async (c) => {
    const phoneKey = phoneKeyOfRequest(c);
    const court = await courtOfCode(c.var.deps, c.req.param('courtCode'));
    const preview = court && phoneKey ? await previewOf(c.var.deps, court.venueId, phoneKey, Number(c.req.param('id'))) : undefined;
    const storage = c.var.deps.storage;
    if (!preview || !storage) return c.json({ message: SERVER_MESSAGES.request.notFound }, 404, PRIVATE);
    const range = parseRange(c.req.header('Range'), preview.size);
    if (range === 'unsatisfiable') return c.body(null, 416, { ...PRIVATE, 'Content-Range': `bytes */${preview.size}` });
    const release = streams.take(phoneKey!);
    if (!release) return c.json({ message: KIOSK_MESSAGES.en.phone.tooManyClipStreams }, 429, { ...PRIVATE, 'Retry-After': '30' });
    let read: Awaited<ReturnType<typeof storage.readFile>>;
    try {
      read = await storage.readFile(preview.folderId, preview.fileId, range, { chunkBytes: CLIP_CHUNK_BYTES });
    } catch (err) {
      release();
      throw err;
    }
    read.body.once('close', release);
    const headers: Record<string, string> = {
      'X-Robots-Tag': 'noindex, nofollow',
      'Referrer-Policy': 'no-referrer',
      // This phone's own, and the same bytes while it loops: kept by its browser, never by a shared cache.
      'Cache-Control': 'private, max-age=3600',
      'Content-Type': preview.mimeType,
      'Content-Length': String(read.end - read.start + 1),
      'Accept-Ranges': 'bytes',
    };
    if (range) headers['Content-Range'] = `bytes ${read.start}-${read.end}/${read.size}`;
    return c.body(webStreamOf(read.body), range ? 206 : 200, headers);
  });

  return app;
}

// /c/{courtCode}: the page the court's QR poster opens, and its one action, POST /c/{courtCode}/mark
//. Outside the API contract like the phone page: a page for a phone's browser.
// An unknown code and a malformed one get the same 404, which names nothing.
import { randomBytes } from 'node:crypto';
import { KIOSK_MESSAGES } from '@courtreplay/shared';
import { Hono, type Context } from 'hono';
import { getCookie, setCookie } from 'hono/cookie';
import type { AppEnv } from '../app-env.ts';
import { clientAddress } from '../auth/routes.ts';
import { markLanguageOf, renderMarkPage, renderUnknownCourtPage } from './page.ts';
import { addressLimiter, courtOfCode, markMoment, phoneOfAddress, phoneOfCookie } from './service.ts';
import { announceMark, failMark, markClipProblem, markHasNoCamera } from '../recorders/marks.ts';

const PRIVATE = { 'Cache-Control': 'no-store', 'X-Robots-Tag': 'noindex, nofollow', 'Referrer-Policy': 'no-referrer' } as const;

/** The phone's anonymous random id: no personal data, only what keeps it to one mark per 20 s. */
export const PHONE_COOKIE = 'cr_phone';

/** The phone's cookie as it sent it, or undefined when it sent none (then it is given one). */
function phoneToken(c: Context<AppEnv>): string | undefined {
  const existing = getCookie(c, PHONE_COOKIE);
  if (existing && /^[A-Za-z0-9_-]{22}$/.test(existing)) return existing;
  const token = randomBytes(16).toString('base64url');
  setCookie(c, PHONE_COOKIE, token, { path: '/c', httpOnly: true, sameSite: 'Lax', maxAge: 365 * 24 * 3600 });
  return undefined;
}

export function courtMarkRoutes(): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  const limiter = addressLimiter();

  app.get('/c/:courtCode', async (c) => {
    const courtCode = c.req.param('courtCode');
    const court = await courtOfCode(c.var.deps, courtCode);
    if (!court) return c.html(renderUnknownCourtPage(), 404, PRIVATE);
    phoneToken(c);
    const language = markLanguageOf(c.req.query('lang'), court.venueLanguage);
    return c.html(renderMarkPage({ language, courtCode, ...court }), 200, PRIVATE);
  });

  app.post('/c/:courtCode/mark', async (c) => {
    const courtCode = c.req.param('courtCode');
    const court = await courtOfCode(c.var.deps, courtCode);
    if (!court) return c.html(renderUnknownCourtPage(), 404, PRIVATE);
    const form = await c.req.parseBody().catch(() => ({}) as Record<string, unknown>);
    const language = markLanguageOf(typeof form.lang === 'string' ? form.lang : c.req.query('lang'), court.venueLanguage);
    const T = KIOSK_MESSAGES[language].mark;
    const page = { language, courtCode, ...court };
    if (!limiter.take(clientAddress(c), c.var.deps.clock.now().getTime())) {
      return c.html(renderMarkPage({ ...page, answer: { text: T.tooMany, refused: true } }), 429, { ...PRIVATE, 'Retry-After': '60' });
    }
    // At a venue with a recorder a mark asks for a clip: a court without a camera cannot give one.
    if (await markHasNoCamera(c.var.deps.db, court.fieldId)) {
      return c.html(renderMarkPage({ ...page, answer: { text: T.noCamera(court.courtName), refused: true } }), 200, PRIVATE);
    }
    // A phone that sent no cookie is known by its address: a fresh cookie per tap would otherwise
    // make every tap a new phone.
    const cookie = phoneToken(c);
    const mark = await markMoment(c.var.deps, court, cookie ? phoneOfCookie(cookie) : phoneOfAddress(clientAddress(c)));
    // The phone is promised a clip only while the court's camera records: otherwise the mark is
    // kept, failed with why, and the answer says no clip can come.
    const problem = await markClipProblem(c.var.deps, court.fieldId);
    if (problem && mark.recorded) await failMark(c.var.deps, court.fieldId, mark.markedAt, problem);
    if (mark.recorded) await announceMark(c.var.deps, court.fieldId);
    if (problem) {
      const text =
        problem === 'recorder-offline' ? T.recorderOffline(mark.time, mark.courtName) : T.notRecording(mark.time, mark.courtName);
      return c.html(renderMarkPage({ ...page, answer: { text, refused: true } }), 200, PRIVATE);
    }
    return c.html(renderMarkPage({ ...page, answer: { text: T.marked(mark.time, mark.courtName) } }), 200, PRIVATE);
  });

  return app;
}

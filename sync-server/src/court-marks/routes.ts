// /c/{courtCode}: the page the court's QR poster opens, and its one action, POST /c/{courtCode}/mark
//. Outside the API contract like the phone page: a page for a phone's browser.
// An unknown code and a malformed one get the same 404, which names nothing. At a venue with a
// recorder the page is also the phone's store (phone-store/): the rallies it marked, below the button.
import { KIOSK_MESSAGES, type KioskLanguage, type MarkFailureReason } from '@courtreplay/shared';
import { Hono, type Context } from 'hono';
import type { AppEnv } from '../app-env.ts';
import { clientAddress } from '../auth/routes.ts';
import type { CourtByCode } from './queries.ts';
import { markLanguageOf, renderMarkPage, renderUnknownCourtPage } from './page.ts';
import { addressLimiter, courtOfCode, markMoment, phoneOfAddress, phoneOfCookie, type Mark } from './service.ts';
import { announceMark, failMark, markClipProblem, markHasNoCamera, venueRecorderState } from '../recorders/marks.ts';
import { phoneKeyOfRequest, phoneToken } from './phone-cookie.ts';
import { renderStoreSection, STORE_STYLE } from '../phone-store/page.ts';
import { storeState } from '../phone-store/store-state.ts';

const PRIVATE = { 'Cache-Control': 'no-store', 'X-Robots-Tag': 'noindex, nofollow', 'Referrer-Policy': 'no-referrer' } as const;

/** The phone's store below the button, at a venue whose recorder sends marked clips; else none. */
async function storeOf(c: Context<AppEnv>, court: CourtByCode, courtCode: string, language: KioskLanguage) {
  const deps = c.var.deps;
  if (!(await venueRecorderState(deps.db, court.venueId, deps.clock.now())).hasRecorder) return undefined;
  const phoneKey = phoneKeyOfRequest(c);
  const state = await storeState(deps, { ...court, courtCode }, phoneKey, language);
  return { html: renderStoreSection(language, courtCode, state, phoneKey !== undefined), style: STORE_STYLE };
}

/**
 * What the tap says. A camera not recording now cuts no clip. The venue's recorder silent: the
 * rally is saved, as its recorder may be recording with its uplink down and send the clip when it
 * is back (only a venue with a recorder has a problem, and it has a store).
 */
function tapAnswer(language: KioskLanguage, mark: Mark, problem: MarkFailureReason | null, atStore: boolean) {
  const T = KIOSK_MESSAGES[language].mark;
  const S = KIOSK_MESSAGES[language].store;
  if (problem === 'camera-offline') return { text: T.notRecording(mark.time, mark.courtName), refused: true };
  if (problem === 'recorder-offline') return { text: S.markedOffline(mark.time, mark.courtName) };
  return { text: atStore ? S.marked(mark.time, mark.courtName) : T.marked(mark.time, mark.courtName) };
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
    const store = await storeOf(c, court, courtCode, language);
    return c.html(renderMarkPage({ language, courtCode, ...court, ...(store ? { store } : {}) }), 200, PRIVATE);
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
    const store = await storeOf(c, court, courtCode, language);
    return c.html(
      renderMarkPage({ ...page, answer: tapAnswer(language, mark, problem, store !== undefined), ...(store ? { store } : {}) }),
      200,
      PRIVATE,
    );
  });

  return app;
}

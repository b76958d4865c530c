// makeTestApp() plus the adapters of this folder, built from the same configuration (DATA_DIR in the
// test's temporary directory): the simulator, local storage, and SMTP (a loopback server) or the
// outbox. They are made before the app is built, as main.ts does: an embedded adapter's own routes
// (upload URLs, share page, simulator) are mounted then.
import { makeTestApp, type TestAppOptions } from '../../testing/index.ts';
import { createAdapters, type AdapterContext, type Adapters } from '../../adapters-setup.ts';
import type { SmtpTimeouts } from '../smtp-mailer.ts';

export interface AdapterTestOptions extends TestAppOptions {
  smtpUrl?: string;
  /** The loopback SMTP server's self-signed certificate (startSmtpSink().ca). */
  smtpCa?: string;
  smtpTimeouts?: Partial<SmtpTimeouts>;
  retryDelaysMs?: number[];
  whatsappTimeoutMs?: number;
  s3Multipart?: AdapterContext['s3Multipart'];
}

export async function makeAdapterTestApp(options: AdapterTestOptions = {}) {
  const env = {
    ...options.env,
    ...(options.smtpUrl ? { SMTP_URL: options.smtpUrl, MAIL_FROM: 'CourtReplay <no-reply@courtreplay.test>' } : {}),
  };
  let adapters: Adapters | undefined;
  const t = await makeTestApp({
    ...options,
    env,
    derive: (base) =>
      (adapters = createAdapters(base.config, {
        db: base.db,
        clock: base.clock,
        logger: base.logger,
        ...(base.health ? { health: base.health } : {}),
        ...(options.smtpCa ? { smtpCa: options.smtpCa } : {}),
        ...(options.smtpTimeouts ? { smtpTimeouts: options.smtpTimeouts } : {}),
        ...(options.retryDelaysMs ? { retryDelaysMs: options.retryDelaysMs } : {}),
        ...(options.whatsappTimeoutMs ? { whatsappTimeoutMs: options.whatsappTimeoutMs } : {}),
        ...(options.s3Multipart ? { s3Multipart: options.s3Multipart } : {}),
      })),
  });
  if (!adapters) throw new Error('makeTestApp did not derive the adapters');
  return { ...t, ...adapters };
}

export type AdapterTestApp = Awaited<ReturnType<typeof makeAdapterTestApp>>;

/** A venue, court and authorised kiosk, and a pending 3-video purchase made through POST /api/transaction. */
export async function seedPurchase(
  t: AdapterTestApp,
  input: { email?: string; videos?: number; promoCode?: string; totalAmount?: number } = {},
) {
  const venue = await t.seed.venue({ name: 'Arena Senayan' });
  const field = await t.seed.field({ venueId: venue.id, name: 'Court 1' });
  const device = await t.seed.device({ venueId: venue.id, fieldId: field.id });
  const count = input.videos ?? 3;
  const res = await t.json(
    'POST',
    '/api/transaction',
    {
      email: input.email ?? 'player@example.com',
      videoIds: Array.from({ length: count }, (_, i) => `video-${i + 1}`),
      videoTitles: Array.from({ length: count }, (_, i) => `Rally ${i + 1}`),
      totalAmount: input.totalAmount ?? count * 1000,
      ...(input.promoCode ? { promoCode: input.promoCode } : {}),
    },
    device.headers,
  );
  const body = (await res.json()) as {
    transaction: { id: string; totalAmount: number };
    payment: { token: string } | null;
    message?: string;
  };
  if (res.status !== 201) throw new Error(`purchase refused: ${res.status} ${body.message}`);
  return { venue, field, device, purchase: body.transaction, token: body.payment?.token ?? '' };
}

export async function paymentStatusOf(t: AdapterTestApp, id: string): Promise<string | undefined> {
  const row = await t.db.selectFrom('purchases').select('paymentStatus').where('id', '=', id).executeTakeFirst();
  return row?.paymentStatus;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- assertions read whatever the answer holds
export type Json = any;

/** The JSON body of an answer (or of a pending one), loosely typed for assertions. */
export async function bodyOf(res: Response | Promise<Response>): Promise<Json> {
  return (await res).json();
}

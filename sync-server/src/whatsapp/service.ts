// The WhatsApp Cloud API's webhooks. Meta verifies the URL once with a GET carrying
// WHATSAPP_VERIFY_TOKEN, then posts message statuses signed X-Hub-Signature-256: sha256= and the
// HMAC-SHA256 of the raw body with the app secret. A body that is not signed so is refused before
// anything is read from it. Each status of a message this server sent becomes a purchase event (its
// timeline); a failed one also marks the purchase's WhatsApp as failed with Meta's error in plain
// words, which the Errors tab lists (statuses.ts). Meta repeats webhooks: a status already recorded
// is not recorded twice.
import { WHATSAPP_MESSAGES, whatsappWebhookSchema } from '@courtreplay/shared';
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { AppDeps } from '../app-env.ts';
import { DomainError, forbidden, invalidInput } from '../errors.ts';
import { recordStatus } from './statuses.ts';

type Deps = Pick<AppDeps, 'db' | 'clock' | 'config' | 'logger' | 'health'>;

function secretsOf(deps: Deps): { appSecret: string | undefined; verifyToken: string | undefined } {
  const w = deps.config.whatsapp;
  return w.mode === 'off' ? { appSecret: undefined, verifyToken: undefined } : { appSecret: w.appSecret, verifyToken: w.verifyToken };
}

function sameText(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/** GET: hub.challenge when the mode is subscribe and the token is ours; 403 otherwise. */
export function verifySubscription(deps: Deps, query: Record<string, string | undefined>): string {
  const { verifyToken } = secretsOf(deps);
  const token = query['hub.verify_token'];
  const challenge = query['hub.challenge'];
  if (!verifyToken || query['hub.mode'] !== 'subscribe' || token === undefined || challenge === undefined || !sameText(token, verifyToken))
    throw forbidden(WHATSAPP_MESSAGES.notVerified);
  return challenge;
}

/** X-Hub-Signature-256 is `sha256=` and the hex HMAC-SHA256 of the raw body with the app secret. */
export function isSignedBy(appSecret: string, rawBody: Buffer, header: string | undefined): boolean {
  const match = /^sha256=([0-9a-f]{64})$/i.exec(header?.trim() ?? '');
  if (!match) return false;
  const expected = createHmac('sha256', appSecret).update(rawBody).digest();
  return timingSafeEqual(Buffer.from(match[1]!, 'hex'), expected);
}

/** POST: checks the signature, then records each status of a message of ours. */
export async function receiveWebhook(deps: Deps, rawBody: Buffer, signature: string | undefined): Promise<void> {
  const { appSecret } = secretsOf(deps);
  if (!appSecret) throw new DomainError('unavailable', WHATSAPP_MESSAGES.notConfigured);
  if (!isSignedBy(appSecret, rawBody, signature)) {
    deps.logger.warn('WhatsApp webhook with a bad X-Hub-Signature-256 refused');
    throw new DomainError('unauthenticated', WHATSAPP_MESSAGES.badSignature);
  }
  let json: unknown;
  try {
    json = JSON.parse(rawBody.toString('utf8'));
  } catch {
    throw invalidInput(WHATSAPP_MESSAGES.notAWebhook);
  }
  const parsed = whatsappWebhookSchema.safeParse(json);
  if (!parsed.success || parsed.data.object !== 'whatsapp_business_account') throw invalidInput(WHATSAPP_MESSAGES.notAWebhook);
  for (const entry of parsed.data.entry) {
    for (const change of entry.changes) {
      if (change.field !== 'messages') continue;
      for (const status of change.value.statuses ?? []) await recordStatus(deps, status);
    }
  }
}

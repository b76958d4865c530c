// Meta's WhatsApp Business Cloud API: one approved template message per purchase,
//   POST {WHATSAPP_API_URL}/{WHATSAPP_PHONE_NUMBER_ID}/messages
//   Authorization: Bearer {WHATSAPP_ACCESS_TOKEN}
//   { messaging_product: 'whatsapp', to: '6281234567890', type: 'template',
//     template: { name, language: { code: 'id' | 'en' }, components: [{ type: 'body', parameters: [{ type: 'text', text: link }] }] } }
// answered { messaging_product, contacts: [{ input, wa_id }], messages: [{ id: 'wamid.…' }] }. The
// send is not repeated within the call (a repeated POST could deliver twice): the delivery retries a
// temporary failure later from its stored due time (whatsapp-error.ts says which failures are).
import { INTEGRATION_MESSAGES as M, whatsappRecipient } from '@courtreplay/shared';
import type { IntegrationHealth } from '../integrations/health.ts';
import { outboundFetch, OutboundHttpError } from './outbound-http.ts';
import type { IntegrationTestResult, WhatsappMessage, WhatsappSender } from './ports.ts';
import { classifyCloudError, WhatsappError } from './whatsapp-error.ts';

export interface CloudWhatsappOptions {
  /** The Graph API's base with its version, e.g. https://graph.facebook.com/v21.0 (no trailing slash). */
  apiUrl: string;
  accessToken: string;
  phoneNumberId: string;
  health?: IntegrationHealth;
  timeoutMs?: number;
  fetch?: typeof fetch;
}

const UNAUTHORIZED = { code: 'whatsapp_unauthorized', advice: M.whatsappUnauthorizedAdvice } as const;

/** What the Integrations panel and its credential alerts learn of a refused send (or a failed status). */
export function reportFailure(health: IntegrationHealth | undefined, failure: WhatsappError): void {
  if (failure.kind === 'auth') health?.failed('whatsapp', M.whatsappUnauthorized, UNAUTHORIZED);
  else if (failure.kind === 'configuration')
    health?.failed('whatsapp', failure.reason, { code: 'whatsapp_configuration', advice: M.whatsappConfigurationAdvice });
  else if (failure.kind === 'payment')
    health?.failed('whatsapp', M.whatsappPayment, { code: 'whatsapp_payment', advice: M.whatsappPaymentAdvice });
  else if (failure.kind === 'temporary') health?.failed('whatsapp', failure.reason);
}

/** The error of a connection that was never made (refused, no such host): nothing reached Meta. */
function neverConnected(err: unknown): boolean {
  if (!(err instanceof OutboundHttpError) || err.kind !== 'network') return false;
  const code = (err.cause as { cause?: { code?: unknown } } | undefined)?.cause?.code;
  return typeof code === 'string' && ['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH'].includes(code);
}

export class CloudWhatsapp implements WhatsappSender {
  readonly name = 'cloud' as const;

  constructor(private readonly options: CloudWhatsappOptions) {}

  async send(message: WhatsappMessage): Promise<string> {
    const { apiUrl, phoneNumberId } = this.options;
    const url = `${apiUrl}/${encodeURIComponent(phoneNumberId)}/messages`;
    const body = {
      messaging_product: 'whatsapp',
      recipient_type: 'individual',
      to: whatsappRecipient(message.to),
      type: 'template',
      template: {
        name: message.template,
        language: { code: message.language },
        components: [{ type: 'body', parameters: [{ type: 'text', text: message.link }] }],
      },
    };
    let res: Response;
    try {
      res = await this.call(url, { method: 'POST', body: JSON.stringify(body) });
    } catch (err) {
      // A connection never made never reached Meta; a timeout, or a connection dropped once the
      // request was written, may have been processed there.
      const reason = err instanceof Error ? err.message : String(err);
      if (neverConnected(err)) throw new WhatsappError('temporary', reason);
      throw new WhatsappError('unconfirmed', M.whatsappNoAnswer(reason));
    }
    const answer = (await res.json().catch(() => undefined)) as { messages?: { id?: unknown }[] } | undefined;
    if (!res.ok) {
      const failure = classifyCloudError(res.status, answer);
      reportFailure(this.options.health, failure);
      throw failure;
    }
    this.options.health?.succeeded('whatsapp');
    const id = answer?.messages?.[0]?.id;
    // Accepted (2xx) without an id: sent, but its statuses cannot be matched to the purchase.
    return typeof id === 'string' ? id : '';
  }

  /** GET /{phone number id}: the token works and may use this number. */
  async testConnection(): Promise<IntegrationTestResult> {
    const { apiUrl, phoneNumberId } = this.options;
    const url = `${apiUrl}/${encodeURIComponent(phoneNumberId)}?fields=display_phone_number,verified_name`;
    let res: Response;
    try {
      res = await this.call(url, { method: 'GET' });
    } catch (err) {
      return { ok: false, message: M.testFailed(err instanceof Error ? err.message : String(err)) };
    }
    const answer = (await res.json().catch(() => undefined)) as
      { display_phone_number?: string; verified_name?: string; error?: { code?: number } } | undefined;
    if (res.ok) {
      return {
        ok: true,
        message: M.whatsappWorks(answer?.verified_name ?? '?', answer?.display_phone_number ?? '?'),
        details: { displayPhoneNumber: answer?.display_phone_number, verifiedName: answer?.verified_name },
      };
    }
    const failure = classifyCloudError(res.status, answer);
    if (failure.kind === 'auth') {
      this.options.health?.failed('whatsapp', M.whatsappUnauthorized, UNAUTHORIZED);
      return { ok: false, message: M.whatsappUnauthorized, details: { code: failure.code } };
    }
    return { ok: false, message: M.whatsappUnknownNumberId(phoneNumberId), details: { code: failure.code, status: res.status } };
  }

  private call(url: string, init: RequestInit): Promise<Response> {
    return outboundFetch(
      url,
      {
        ...init,
        headers: { Authorization: `Bearer ${this.options.accessToken}`, 'Content-Type': 'application/json' },
      },
      { timeoutMs: this.options.timeoutMs ?? 15_000, retries: 0, ...(this.options.fetch ? { fetch: this.options.fetch } : {}) },
    );
  }
}

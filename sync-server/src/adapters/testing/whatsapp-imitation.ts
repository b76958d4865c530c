// An imitation of Meta's WhatsApp Business Cloud API on 127.0.0.1, written from Meta's documentation
// (Cloud API reference: Messages, Phone Numbers; Support: Error codes; Webhooks: messages/statuses),
// so the real CloudWhatsapp adapter runs against it unmodified (WHATSAPP_API_URL):
//   POST /{version}/{phone number id}/messages  Bearer token; a template message:
//     200 { messaging_product, contacts: [{ input, wa_id }], messages: [{ id: 'wamid.…' }] }
//     401 code 190 (bad token); 400 code 100 (unknown phone number id, bad parameter)
//     404 code 132001 (no such template in that language)
//     a number not on WhatsApp is accepted (200) and then fails by webhook with 131026, as Meta does
//   GET  /{version}/{phone number id}?fields=…  { display_phone_number, verified_name, id } | 401 code 190
// and signed status webhooks (X-Hub-Signature-256: sha256= HMAC-SHA256 of the body with the app secret).
// Faults for the next sends: 'rate-limit' (400 code 130429), '429' (HTTP 429 code 4), '500' (code 131000),
// '131042' (400: the business account's payment method has a problem), and three that leave the
// sender without an answer although Meta took the message (it is in `sent`, its statuses can be
// posted): 'hold' (no answer until release(); a client's timeout ends it), 'drop' (the connection
// is closed once the request was read, as a network cut after the request was written would).
// Statuses are stamped in whole seconds (timestamp: a string of Unix seconds), as Meta's are.
import { createHmac, randomBytes } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import { sendJson, startFakeHttp } from './fake-http.ts';

export const IMITATION_VERSION = 'v21.0';

export interface WhatsappImitationOptions {
  accessToken: string;
  phoneNumberId: string;
  appSecret: string;
  /** Approved templates: name -> languages. */
  templates: Record<string, string[]>;
  /** Numbers (digits, no '+') that are not on WhatsApp: accepted, then a failed status with 131026. */
  notOnWhatsapp?: string[];
}

export interface SentTemplateMessage {
  id: string;
  to: string;
  template: string;
  language: string;
  /** The body parameters' texts. */
  parameters: string[];
  authorization: string | undefined;
}

export type WhatsappFault = 'rate-limit' | '429' | '500' | '131042' | 'hold' | 'drop';

/** The error titles Meta's error codes reference gives the codes these statuses use. */
const ERROR_TITLES: Record<number, string> = {
  131026: 'Message undeliverable',
  131042: 'Business eligibility payment issue',
  131047: 'Re-engagement message',
  131000: 'Something went wrong',
};

const graphError = (message: string, code: number, extra: Record<string, unknown> = {}) => ({
  error: { message, type: 'OAuthException', code, fbtrace_id: `A${randomBytes(8).toString('hex')}`, ...extra },
});

export async function startWhatsappImitation(options: WhatsappImitationOptions) {
  const sent: SentTemplateMessage[] = [];
  const faults: WhatsappFault[] = [];
  const held: { res: ServerResponse; answer: () => void }[] = [];
  let heldWaiter: (() => void) | undefined;
  const notOnWhatsapp = new Set(options.notOnWhatsapp ?? []);
  const base = `/${IMITATION_VERSION}/${options.phoneNumberId}`;

  const http = await startFakeHttp((req, res) => {
    if (req.headers.authorization !== `Bearer ${options.accessToken}`) {
      return sendJson(res, 401, graphError('Invalid OAuth access token - Cannot parse access token', 190));
    }
    if (!req.url.pathname.startsWith(base)) {
      const id = req.url.pathname.split('/')[2] ?? '';
      return sendJson(
        res,
        400,
        graphError(
          `Unsupported post request. Object with ID '${id}' does not exist, cannot be loaded due to missing permissions, or does not support this operation.`,
          100,
          {
            type: 'GraphMethodException',
            error_subcode: 33,
          },
        ),
      );
    }
    if (req.method === 'GET' && req.url.pathname === base) {
      return sendJson(res, 200, {
        display_phone_number: '+62 21 5000 1234',
        verified_name: 'CourtReplay Arena',
        id: options.phoneNumberId,
      });
    }
    if (req.method !== 'POST' || req.url.pathname !== `${base}/messages`)
      return sendJson(res, 404, graphError('Unknown path components', 2500));
    const fault = faults.shift();
    if (fault === 'rate-limit') return sendJson(res, 400, graphError('(#130429) Rate limit hit', 130429));
    if (fault === '429') return sendJson(res, 429, graphError('(#4) Application request limit reached', 4));
    if (fault === '500') return sendJson(res, 500, graphError('(#131000) Something went wrong', 131000));
    if (fault === '131042')
      return sendJson(
        res,
        400,
        graphError('(#131042) Business eligibility payment issue', 131042, {
          error_data: {
            messaging_product: 'whatsapp',
            details: 'Message failed to send because there were one or more errors related to your payment method.',
          },
        }),
      );

    let body: {
      messaging_product?: string;
      to?: string;
      type?: string;
      template?: { name?: string; language?: { code?: string }; components?: { type?: string; parameters?: { text?: string }[] }[] };
    };
    try {
      body = JSON.parse(req.body) as typeof body;
    } catch {
      return sendJson(res, 400, graphError('(#100) Invalid parameter', 100));
    }
    if (body.messaging_product !== 'whatsapp' || body.type !== 'template' || !body.template?.name || !/^\d{6,15}$/.test(body.to ?? '')) {
      return sendJson(res, 400, graphError('(#100) Invalid parameter', 100));
    }
    const language = body.template.language?.code ?? '';
    if (!options.templates[body.template.name]?.includes(language)) {
      return sendJson(
        res,
        404,
        graphError('(#132001) Template name does not exist in the translation', 132001, {
          error_data: { messaging_product: 'whatsapp', details: `template name (${body.template.name}) does not exist in ${language}` },
        }),
      );
    }
    const id = `wamid.${randomBytes(12).toString('base64url')}`;
    const parameters = (body.template.components ?? [])
      .filter((c) => c.type === 'body')
      .flatMap((c) => (c.parameters ?? []).map((p) => p.text ?? ''));
    sent.push({ id, to: body.to!, template: body.template.name, language, parameters, authorization: req.headers.authorization });
    const answer = () =>
      sendJson(res, 200, { messaging_product: 'whatsapp', contacts: [{ input: body.to, wa_id: body.to }], messages: [{ id }] });
    if (fault === 'drop') return void res.socket?.destroy();
    if (fault === 'hold') {
      held.push({ res, answer });
      heldWaiter?.();
      return;
    }
    answer();
  });

  /** Resolves once a send is held (fault 'hold'): Meta has the message, the sender waits. */
  function nextHeld(): Promise<void> {
    if (held.length > 0) return Promise.resolve();
    return new Promise((resolve) => (heldWaiter = resolve));
  }

  /** Ends the held sends: Meta answers them ('answer') or the connection drops ('drop'). */
  function release(how: 'answer' | 'drop') {
    for (const h of held.splice(0)) {
      if (how === 'answer') h.answer();
      else h.res.socket?.destroy();
    }
  }

  /** Meta's webhook body for one status of a message, as POSTed to the app's webhook URL. */
  function statusWebhook(message: SentTemplateMessage, status: 'sent' | 'delivered' | 'read' | 'failed', at: Date, errorCode?: number) {
    const errors =
      status === 'failed'
        ? [
            errorCode === 131026 || errorCode === undefined
              ? {
                  code: 131026,
                  title: 'Message undeliverable',
                  message: 'Message undeliverable',
                  error_data: { details: 'Message Undeliverable.' },
                }
              : {
                  code: errorCode,
                  title: ERROR_TITLES[errorCode] ?? 'Failure',
                  message: ERROR_TITLES[errorCode] ?? 'Failure',
                  error_data: { details: ERROR_TITLES[errorCode] ?? 'Failure' },
                },
          ]
        : undefined;
    const body = {
      object: 'whatsapp_business_account',
      entry: [
        {
          id: '102290129340398',
          changes: [
            {
              value: {
                messaging_product: 'whatsapp',
                metadata: { display_phone_number: '622150001234', phone_number_id: options.phoneNumberId },
                statuses: [
                  {
                    id: message.id,
                    status,
                    timestamp: String(Math.floor(at.getTime() / 1000)),
                    recipient_id: message.to,
                    ...(status === 'failed'
                      ? { errors }
                      : {
                          conversation: { id: randomBytes(16).toString('hex'), origin: { type: 'utility' } },
                          pricing: { billable: true, pricing_model: 'CBP', category: 'utility' },
                        }),
                  },
                ],
              },
              field: 'messages',
            },
          ],
        },
      ],
    };
    const raw = JSON.stringify(body);
    return { raw, signature: sign(options.appSecret, raw) };
  }

  /** The webhooks Meta would post after a send: sent, then delivered, or failed for a number not on WhatsApp. */
  function webhooksAfter(message: SentTemplateMessage, at: Date) {
    return notOnWhatsapp.has(message.to)
      ? [statusWebhook(message, 'failed', at, 131026)]
      : [statusWebhook(message, 'sent', at), statusWebhook(message, 'delivered', at)];
  }

  return {
    url: http.url,
    /** WHATSAPP_API_URL for the app: the base with its version segment. */
    apiUrl: `${http.url}/${IMITATION_VERSION}`,
    sent,
    requests: http.requests,
    inject: (...next: WhatsappFault[]) => faults.push(...next),
    nextHeld,
    release,
    statusWebhook,
    webhooksAfter,
    close: () => {
      release('drop');
      return http.close();
    },
  };
}

export type WhatsappImitation = Awaited<ReturnType<typeof startWhatsappImitation>>;

export function sign(appSecret: string, raw: string): string {
  return `sha256=${createHmac('sha256', appSecret).update(raw).digest('hex')}`;
}

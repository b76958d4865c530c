// The WhatsApp Cloud API's webhooks: Meta's subscription handshake, and message statuses
// signed with the app secret.
import { whatsappVerifyQuerySchema, whatsappWebhookResponseSchema } from '../api/index.ts';
import { defineEndpoint } from './endpoint.ts';
import { ROUTES } from './routes.ts';

const tag = 'WhatsApp';

export const whatsappEndpoints = {
  whatsappWebhookVerify: defineEndpoint({
    ...ROUTES.whatsappWebhookVerify,
    tag,
    summary: "Meta's webhook verification: answers hub.challenge when hub.verify_token is WHATSAPP_VERIFY_TOKEN",
    description:
      'Meta calls it once when the webhook URL is saved in the app dashboard: hub.mode=subscribe and ' +
      'hub.verify_token equal to WHATSAPP_VERIFY_TOKEN answer hub.challenge as plain text; anything else ' +
      '403 (also while WhatsApp is not configured).',
    access: 'public',
    query: whatsappVerifyQuerySchema,
    responses: { 200: { contentType: 'text/plain', description: 'hub.challenge, as sent' } },
    errors: [403],
  }),
  whatsappWebhook: defineEndpoint({
    ...ROUTES.whatsappWebhook,
    tag,
    summary: 'Message status notifications (sent, delivered, read, failed) from the WhatsApp Cloud API',
    description:
      'Accepted only when X-Hub-Signature-256 is sha256= and the HMAC-SHA256 of the raw body with ' +
      'WHATSAPP_APP_SECRET (401 otherwise, nothing stored). Each status of a message this server sent ' +
      "becomes an entry of its purchase's timeline; a failed one (with Meta's error code and title) is " +
      'listed in Errors. Statuses of unknown messages are ignored; repeats are harmless.',
    access: 'signed',
    body: { contentType: 'application/json', description: "Meta's webhook body (object whatsapp_business_account)" },
    responses: { 200: whatsappWebhookResponseSchema },
    errors: [400, 401, 503],
  }),
};

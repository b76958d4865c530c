// WhatsApp Cloud API webhooks: Meta's verification handshake and the message status
// notifications, in the shapes of Meta's documentation (Webhooks > messages > statuses). Objects are
// loose: Meta adds fields (conversation, pricing, biz_opaque_callback_data) that this product ignores.
import { z } from 'zod';

/** Answers of the webhook that the spec does not word; ours. */
export const WHATSAPP_MESSAGES = {
  notVerified: 'The verify token does not match WHATSAPP_VERIFY_TOKEN',
  badSignature: 'X-Hub-Signature-256 does not match the body',
  notConfigured: 'WhatsApp is not configured on this server',
  notAWebhook: 'Not a WhatsApp Business webhook body',
  received: 'Received',
} as const;

/** GET /api/whatsapp/webhook?hub.mode=subscribe&hub.verify_token=…&hub.challenge=… */
export const whatsappVerifyQuerySchema = z.object({
  'hub.mode': z.string().max(100).optional(),
  'hub.verify_token': z.string().max(500).optional(),
  'hub.challenge': z.string().max(500).optional(),
});

export const WHATSAPP_MESSAGE_STATUSES = ['sent', 'delivered', 'read', 'failed'] as const;
export type WhatsappMessageStatus = (typeof WHATSAPP_MESSAGE_STATUSES)[number];

export const whatsappErrorSchema = z.looseObject({
  code: z.number(),
  title: z.string().optional(),
  message: z.string().optional(),
  error_data: z.looseObject({ details: z.string().optional() }).optional(),
});

export const whatsappStatusSchema = z.looseObject({
  /** The message id the send answered (wamid.…). */
  id: z.string().max(500),
  /** sent, delivered, read, failed (and others Meta may add, e.g. deleted; ignored). */
  status: z.string().max(50),
  /** Unix seconds, as text. */
  timestamp: z.string().max(20).optional(),
  recipient_id: z.string().max(50).optional(),
  errors: z.array(whatsappErrorSchema).optional(),
});
export type WhatsappStatusNotification = z.infer<typeof whatsappStatusSchema>;

export const whatsappWebhookSchema = z.looseObject({
  object: z.string(),
  entry: z.array(
    z.looseObject({
      id: z.string().optional(),
      changes: z.array(
        z.looseObject({
          field: z.string(),
          value: z.looseObject({ statuses: z.array(whatsappStatusSchema).optional() }),
        }),
      ),
    }),
  ),
});
export type WhatsappWebhookBody = z.infer<typeof whatsappWebhookSchema>;

export const whatsappWebhookResponseSchema = z.object({ message: z.string() });

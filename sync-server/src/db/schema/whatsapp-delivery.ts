import type { EmailDeliveryTable } from './email-delivery.ts';

/**
 * One row per purchase whose WhatsApp message has been claimed for sending (migration 033): the
 * claim and retry columns of email_deliveries, so one delivery engine serves both (delivery/queries.ts),
 * plus the Cloud API's message id (wamid.…) that its status webhooks name.
 */
export interface WhatsappDeliveryTable extends EmailDeliveryTable {
  messageId: string | null;
}

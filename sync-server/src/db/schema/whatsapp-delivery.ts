import type { EmailDeliveryTable } from './email-delivery.ts';

/**
 * One row per purchase whose WhatsApp message has been claimed for sending (migration 033): the
 * claim and retry columns of email_deliveries, so one delivery engine serves both (delivery/queries.ts),
 * plus the Cloud API's message id (wamid.…) that its status webhooks name.
 */
export interface WhatsappDeliveryTable extends EmailDeliveryTable {
  messageId: string | null;
}

/** Every Cloud API message id sent for a purchase (migration 036): a status names one of them. */
export interface WhatsappMessageTable {
  messageId: string;
  purchaseId: string;
  sentAt: string;
}

/** A status naming a message id not recorded yet (migration 036), kept until its send's answer is. */
export interface WhatsappPendingStatusTable {
  id: string;
  messageId: string;
  /** The recipient's WhatsApp id (digits), as Meta gives it. */
  recipient: string | null;
  /** The status notification as Meta sent it (JSON). */
  status: string;
  receivedAt: string;
}

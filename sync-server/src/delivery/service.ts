// What the WhatsApp webhook (whatsapp/statuses.ts) reads and records of the sends: the message a status is
// about, statuses that came before the send's answer, and the unconfirmed sends. The SQL stays in queries.ts.
export {
  deletePendingStatus,
  deletePendingStatusesUpTo,
  insertPendingStatus,
  pendingStatuses,
  purchaseOfMessage,
  setWhatsappMessageId,
  unconfirmedSendsTo,
} from './queries.ts';

// What the other features read and record of a purchase: its place and courts for their own queries,
// its contact, its payment facts, the outcome of a send, a reversal, the next reconcile, its folder.
// The SQL stays in queries.ts and list-purchases.queries.ts, which only this feature imports.
export {
  clipCourtNames,
  clipCourtsColumn,
  findContact,
  findDueForReconcile,
  findPaymentFacts,
  findPurchase,
  findWhatsappState,
  flagPaymentReversal,
  purchaseEventDetails,
  type PurchaseRow,
  purchaseWithPlace,
  recordEmailOutcome,
  recordWhatsappOutcome,
  scheduleReconcile,
  setFolder,
  UNKNOWN_VENUE,
} from './queries.ts';
export { emailContains, onClipCourt } from './list-purchases.queries.ts';

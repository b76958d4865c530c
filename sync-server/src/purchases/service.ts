// What the other features read and record of a purchase: its place and courts for their own queries,
// its contact, its payment facts, the outcome of a send, a reversal, the next reconcile, its folder,
// and a phone order's creation and zip link.
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
  insertPurchase,
  latestCreatedAt,
  purchaseEventDetails,
  type PurchaseRow,
  type PurchaseWithNames,
  purchaseWithPlace,
  recordEmailOutcome,
  recordWhatsappOutcome,
  scheduleReconcile,
  setFolder,
  setZipUrl,
  UNKNOWN_VENUE,
} from './queries.ts';
export { emailContains, onClipCourt } from './list-purchases.queries.ts';

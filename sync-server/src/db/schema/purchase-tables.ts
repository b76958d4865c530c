// The purchase tables, re-exported together so the schema index needs one line for them.
export type { EmailStatus, PaymentReversal, PaymentStatus, PurchaseChannel, PurchaseTable, WhatsappStatus } from './purchase.ts';
export type { PurchaseCounterTable } from './purchase-counter.ts';
export type { IdempotencyKeyTable } from './idempotency-key.ts';

/** One `Idempotency-Key` of POST /api/transaction, scoped by the kiosk that sent it. */
export interface IdempotencyKeyTable {
  deviceId: string;
  key: string;
  /** SHA-256 hex of the request body in canonical JSON. */
  requestHash: string;
  status: 'running' | 'done';
  responseStatus: number | null;
  /** The JSON body first answered, replayed on a retry. */
  responseBody: string | null;
  createdAt: string;
  /** The purchase the key made, written in the purchase's own transaction (migration 007). */
  purchaseId: string | null;
  /** The server process running the key: a 'running' key of another process died with it. */
  ownerBoot: string | null;
}

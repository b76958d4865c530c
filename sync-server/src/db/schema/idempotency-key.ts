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
}

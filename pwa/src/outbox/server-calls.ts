// Every call the outbox makes to the sync server, in one place, through the existing API client
// (it is to be replaced by a typed client generated from the shared endpoint definitions).
import type { CreatePurchaseBody, CreatePurchaseResponse } from '@courtreplay/shared';
import { api } from '../lib/api-client.ts';

/** POST /api/transaction; the server answers a repeated Idempotency-Key with its first answer. */
export const postPurchase = (body: CreatePurchaseBody, idempotencyKey: string) =>
  api<CreatePurchaseResponse>('/transaction', { method: 'POST', body, headers: { 'Idempotency-Key': idempotencyKey } });

export const postReport = (path: string, body: unknown) => api(path, { method: 'POST', body });

/** Whether our server answers at all (an upload stalled on the storage, not on the network). */
export const serverAnswers = () =>
  api('/health')
    .then(() => true)
    .catch(() => false);

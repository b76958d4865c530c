// Every call the outbox makes to the sync server, in one place, through the typed client: the
// bodies and answers are the shared contract's (shared/src/contract).
import type { CreatePurchaseBody, CreatePurchaseResponse, KioskParkedReport, KioskUploadProgressReport } from '@courtreplay/shared';
import { call } from '../lib/api-client.ts';

/** POST /api/transaction; the server answers a repeated Idempotency-Key with its first answer. */
export const postPurchase = (body: CreatePurchaseBody, idempotencyKey: string): Promise<CreatePurchaseResponse> =>
  // The server may wait on the payment provider (8 s per attempt, retried): more than the default.
  call('createPurchase', { body, headers: { 'Idempotency-Key': idempotencyKey } }, { timeoutMs: 45_000 });

/** The paths stored with each queued report (kept, so reports queued by older versions still send). */
export const PARKED_REPORT_PATH = '/kiosk-reports/parked';
export const PROGRESS_REPORT_PATH = '/kiosk-reports/progress';

/** A stored report, sent to the call its path names. */
export const postReport = (path: string, body: unknown) =>
  path === PARKED_REPORT_PATH
    ? call('reportParked', { body: body as KioskParkedReport })
    : call('reportProgress', { body: body as KioskUploadProgressReport });

/** Whether our server answers at all (an upload stalled on the storage, not on the network). */
export const serverAnswers = () =>
  call('health', {})
    .then(() => true)
    .catch(() => false);

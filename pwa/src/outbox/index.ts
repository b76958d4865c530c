// The kiosk's outbox: everything it must get to the server even when the network is away.
// Purchases (one send path, send-purchase.ts), their clips' upload jobs (upload-jobs.ts,
// upload-runner.ts, wired in uploads.ts), the back-office reports (reports.ts), all retried by one policy
// (retry-policy.ts) from one background loop (runtime.ts, started by the OfflineProvider).
export { newIdempotencyKey, submitPurchase, type QueuedPurchase } from './send-purchase.ts';
export { enqueuePurchase } from './runtime.ts';
export { createUploadJob } from './upload-job-store.ts';
export type { JobClipInput } from './upload-jobs.ts';
export { startUploadJob, type JobOutcome } from './uploads.ts';

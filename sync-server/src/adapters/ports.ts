// The ports the services talk to. Each has a real implementation (Midtrans, Google Drive, SMTP) and
// an embedded default that needs no account (simulator, local disk, .eml outbox). Adapters know
// nothing about HTTP routes. Refine these as the adapters are written; keep both sides in step.

export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

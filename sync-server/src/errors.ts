// The one error type services, adapters and routes throw. It names what went wrong in domain terms;
// app.ts's onError alone turns the code into an HTTP status and the `{ message, ...extra }` body.
import { SERVER_MESSAGES } from '@courtreplay/shared';

export const DOMAIN_ERROR_CODES = [
  'invalid_input',
  'unauthenticated',
  'forbidden',
  'not_found',
  'conflict',
  /** Was valid once and no longer is (an expired upload session). */
  'gone',
  'payload_too_large',
  'unsupported_media_type',
  /** Well-formed but refused as it stands (an idempotency key reused for another body). */
  'unprocessable',
  'too_many_requests',
  /** A provider this server depends on (payments, storage, mail) failed or refused. */
  'upstream_failed',
  /** Not configured, or not able to decide yet: the caller may retry later. */
  'unavailable',
  'insufficient_storage',
  /** A byte range that starts past the end of the file (HTTP 416). */
  'bad_range',
] as const;

export type DomainErrorCode = (typeof DOMAIN_ERROR_CODES)[number];

export class DomainError extends Error {
  override readonly name = 'DomainError';

  /** @param extra machine-readable fields merged into the answer's body (e.g. `retryAfterSeconds`). */
  constructor(
    readonly code: DomainErrorCode,
    message: string,
    readonly extra?: Record<string, unknown>,
  ) {
    super(message);
  }
}

export const invalidInput = (message: string) => new DomainError('invalid_input', message);
export const unauthenticated = (message: string = SERVER_MESSAGES.access.notLoggedIn) => new DomainError('unauthenticated', message);
export const forbidden = (message: string = SERVER_MESSAGES.access.noPermission) => new DomainError('forbidden', message);
export const notFound = (message: string = SERVER_MESSAGES.request.notFound) => new DomainError('not_found', message);
export const conflict = (message: string) => new DomainError('conflict', message);

/** A 429 that says when to come back: `retryAfterSeconds` in the body and the Retry-After header (app.ts). */
export const tooManyRequests = (message: string, waitMs: number) =>
  new DomainError('too_many_requests', message, { retryAfterSeconds: Math.max(1, Math.ceil(waitMs / 1000)) });

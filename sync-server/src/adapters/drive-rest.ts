// The few Drive v3 REST calls the product makes, as raw calls through outboundFetch: a timeout on
// every call, retries on 429 / rate-limit 403 / 5xx with backoff, and a POST repeated only when the
// answer proves it was not processed. Fewer moving parts than teaching googleapis to retry.
import { SERVER_MESSAGES } from '@courtreplay/shared';
import { auth as googleAuth } from '@googleapis/drive';
import { DomainError } from '../errors.ts';
import { OutboundHttpError, outboundFetch } from './outbound-http.ts';

export const DEFAULT_GOOGLE_API_URL = 'https://www.googleapis.com/';
export const DEFAULT_GOOGLE_TOKEN_URL = 'https://oauth2.googleapis.com/token';
export const DRIVE_SCOPE_FULL = 'https://www.googleapis.com/auth/drive';
/** Metadata calls answer fast; a hung one must not hold a request for minutes. */
export const METADATA_TIMEOUT_MS = 30_000;
/** A token refresh, every retry included: a hung token endpoint costs a call at most this much. */
export const TOKEN_TOTAL_MS = 20_000;

export interface RetryTuning {
  fetch?: typeof fetch;
  sleep?: (ms: number) => Promise<void>;
  now?: () => number;
  baseDelayMs?: number;
  timeoutMs?: number;
  tokenTotalMs?: number;
}

/** The refresh token was revoked or expired (an OAuth app in Testing loses it after 7 days). */
export class InvalidGrantError extends Error {
  constructor(detail: string) {
    super(`Google refused the refresh token (invalid_grant: ${detail})`);
    this.name = 'InvalidGrantError';
  }
}

/** Drive answered with an error; `reason` is Google's errors[0].reason. */
export class DriveApiError extends Error {
  constructor(
    readonly status: number,
    readonly reason: string,
    message: string,
  ) {
    super(`Google Drive answered ${status}${reason ? ` ${reason}` : ''}: ${message}`);
    this.name = 'DriveApiError';
  }
}

export interface TokenSource {
  accessToken(): Promise<string>;
}

/** OAuth refresh-token grant against the token endpoint; the access token is kept until near expiry. */
export class RefreshTokenSource implements TokenSource {
  private cached: { token: string; expiresAt: number } | undefined;

  constructor(
    private readonly input: { clientId: string; clientSecret: string; refreshToken: string; tokenUrl: string },
    private readonly tuning: RetryTuning = {},
  ) {}

  async accessToken(): Promise<string> {
    if (this.cached && this.cached.expiresAt > Date.now() + 60_000) return this.cached.token;
    const form = new URLSearchParams({
      grant_type: 'refresh_token',
      refresh_token: this.input.refreshToken,
      client_id: this.input.clientId,
      client_secret: this.input.clientSecret,
    });
    // A refresh grant creates nothing: repeating it is safe.
    const res = await outboundFetch(
      this.input.tokenUrl,
      { method: 'POST', headers: { 'Content-Type': 'application/x-www-form-urlencoded' }, body: form.toString() },
      {
        timeoutMs: this.tuning.timeoutMs ?? METADATA_TIMEOUT_MS,
        totalMs: this.tuning.tokenTotalMs ?? TOKEN_TOTAL_MS,
        idempotent: true,
        ...retryOptions(this.tuning),
      },
    ).catch((err: unknown) => {
      if (err instanceof OutboundHttpError) throw new DomainError('upstream_failed', SERVER_MESSAGES.drive.unreachable(err.message));
      throw err;
    });
    const body = (await res.json().catch(() => ({}))) as {
      access_token?: string;
      expires_in?: number;
      error?: string;
      error_description?: string;
    };
    if (body.error === 'invalid_grant') throw new InvalidGrantError(body.error_description ?? 'no detail');
    if (!res.ok || !body.access_token)
      throw new DomainError('upstream_failed', SERVER_MESSAGES.drive.tokenRefused(res.status, body.error ?? ''));
    this.cached = { token: body.access_token, expiresAt: Date.now() + (body.expires_in ?? 3600) * 1000 };
    return body.access_token;
  }
}

/** A service account's key file, signed by google-auth-library (JWT grant). */
export function serviceAccountTokens(keyFile: string): TokenSource {
  const client = new googleAuth.GoogleAuth({ keyFile, scopes: [DRIVE_SCOPE_FULL] });
  return {
    accessToken: async () => {
      const token = await client.getAccessToken();
      if (!token) throw new DomainError('upstream_failed', SERVER_MESSAGES.drive.keyRefused);
      return token;
    },
  };
}

export interface DriveCall {
  method?: 'GET' | 'POST' | 'PATCH' | 'DELETE' | 'PUT';
  query?: Record<string, string | number | boolean | undefined>;
  body?: unknown;
  headers?: Record<string, string>;
  /** Set when repeating this POST cannot create anything twice. */
  idempotent?: boolean;
  /** The body is streamed on: the timeout covers the wait for the headers only. */
  stream?: boolean;
}

export class DriveRest {
  constructor(
    readonly apiUrl: string,
    private readonly tokens: TokenSource,
    private readonly tuning: RetryTuning = {},
  ) {}

  /** A Drive API call answering JSON (or nothing); throws DriveApiError on an error answer. */
  async json<T>(path: string, call: DriveCall = {}): Promise<T> {
    const res = await this.send(`${this.apiUrl}${path}`, call);
    if (!res.ok) throw await driveErrorOf(res);
    const text = await res.text();
    return (text ? JSON.parse(text) : {}) as T;
  }

  /** The raw answer, for the upload protocol where 308 is not an error. */
  async send(url: string, call: DriveCall): Promise<Response> {
    const token = await this.tokens.accessToken();
    const query = Object.entries(call.query ?? {}).filter((e): e is [string, string | number | boolean] => e[1] !== undefined);
    const target = query.length
      ? `${url}${url.includes('?') ? '&' : '?'}${new URLSearchParams(query.map(([k, v]): [string, string] => [k, String(v)]))}`
      : url;
    const headers: Record<string, string> = { Authorization: `Bearer ${token}`, ...call.headers };
    if (call.body !== undefined) headers['Content-Type'] ??= 'application/json; charset=UTF-8';
    try {
      return await outboundFetch(
        target,
        { method: call.method ?? 'GET', headers, ...(call.body !== undefined ? { body: JSON.stringify(call.body) } : {}) },
        {
          timeoutMs: this.tuning.timeoutMs ?? METADATA_TIMEOUT_MS,
          ...(call.idempotent ? { idempotent: true } : {}),
          ...(call.stream ? { stream: true } : {}),
          ...retryOptions(this.tuning),
        },
      );
    } catch (err) {
      if (err instanceof OutboundHttpError) throw new DomainError('upstream_failed', SERVER_MESSAGES.drive.unreachable(err.message));
      throw err;
    }
  }
}

export async function driveErrorOf(res: Response): Promise<DriveApiError> {
  const text = await res.text().catch(() => '');
  let reason = '';
  let message = text.slice(0, 200) || res.statusText;
  try {
    const body = JSON.parse(text) as { error?: { message?: string; errors?: { reason?: string }[] } };
    reason = body.error?.errors?.[0]?.reason ?? '';
    message = body.error?.message ?? message;
  } catch {
    // an HTML error page: keep its start
  }
  return new DriveApiError(res.status, reason, message);
}

function retryOptions(t: RetryTuning) {
  return {
    ...(t.fetch ? { fetch: t.fetch } : {}),
    ...(t.sleep ? { sleep: t.sleep } : {}),
    ...(t.now ? { now: t.now } : {}),
    ...(t.baseDelayMs !== undefined ? { baseDelayMs: t.baseDelayMs } : {}),
  };
}

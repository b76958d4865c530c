// The one HTTP client of the PWA: `call('listVenues', {})` names an endpoint of the shared contract,
// so its input and answer types come from the one definition (shared/src/contract). JSON, the
// X-Device-Id header when this kiosk has an id, the admin's bearer token when one is logged in, and
// a time limit. Server errors arrive as `{ message }` and are thrown as ApiError so screens can show
// the server's message or the spec's fallback. Only the route table is loaded at run time; the
// schemas stay on the server and in the types, which keeps zod out of the kiosk bundle.
import { pathOf, ROUTES, type Answer, type CallInput, type Endpoints } from '@courtreplay/shared';

export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly body: unknown,
    /** The answer's Retry-After header, when it had one (a 503 or 429 saying when to ask again). */
    readonly retryAfter: string | null = null,
  ) {
    super(message);
  }
}

/** Status 0 means the request never reached the server (offline, DNS, CORS). */
export const isNetworkError = (e: unknown) => e instanceof ApiError && e.status === 0;

type Credentials = { deviceId?: () => string | null; token?: () => string | null };
const credentials: Credentials = {};

export function setCredentialSources(sources: Credentials) {
  Object.assign(credentials, sources);
}

/** How long a call may take before it counts as a network failure (status 0). */
export const DEFAULT_TIMEOUT_MS = 20_000;

export interface CallOptions {
  signal?: AbortSignal;
  /** Milliseconds; DEFAULT_TIMEOUT_MS when unset. */
  timeoutMs?: number;
}

/** Calls the endpoint `name` with its typed input; resolves to its typed answer. */
export function call<K extends keyof Endpoints>(
  name: K,
  input: CallInput<Endpoints[K]>,
  options: CallOptions = {},
): Promise<Answer<Endpoints[K]>> {
  const { method, path } = ROUTES[name];
  const { params, query, headers, body } = input as {
    params?: Record<string, string | number>;
    query?: RequestOptions['query'];
    headers?: Record<string, string>;
    body?: unknown;
  };
  return api<Answer<Endpoints[K]>>(pathOf(path, params).replace(/^\/api/, ''), { method, query, headers, body, ...options });
}

export interface RequestOptions extends CallOptions {
  method?: string;
  body?: unknown;
  query?: Record<string, string | number | boolean | null | undefined>;
  headers?: Record<string, string>;
}

/** The HTTP exchange under call(); not exported, so every call is named in the contract. */
async function api<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const url = new URL(`/api${path}`, window.location.origin);
  for (const [k, v] of Object.entries(options.query ?? {})) {
    if (v !== undefined && v !== null && v !== '') url.searchParams.set(k, String(v));
  }
  const headers: Record<string, string> = { Accept: 'application/json', ...options.headers };
  const deviceId = credentials.deviceId?.();
  if (deviceId) headers['X-Device-Id'] = deviceId;
  const token = credentials.token?.();
  if (token) headers.Authorization = `Bearer ${token}`;
  let body: BodyInit | undefined;
  if (options.body instanceof FormData) body = options.body;
  else if (options.body !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(options.body);
  }
  const timeout = AbortSignal.timeout(options.timeoutMs ?? DEFAULT_TIMEOUT_MS);
  const signal = options.signal ? AbortSignal.any([options.signal, timeout]) : timeout;
  let res: Response;
  try {
    res = await fetch(url, { method: options.method ?? (body ? 'POST' : 'GET'), headers, body, signal });
  } catch (e) {
    throw new ApiError(0, e instanceof Error ? e.message : 'Network error', null);
  }
  const text = await res.text();
  let data: unknown = null;
  if (text) {
    try {
      data = JSON.parse(text);
    } catch {
      data = text;
    }
  }
  if (!res.ok) {
    const message =
      data && typeof data === 'object' && 'message' in data && typeof data.message === 'string' ? data.message : res.statusText;
    throw new ApiError(res.status, message, data, res.headers.get('Retry-After'));
  }
  return data as T;
}

/** The server's message when it sent one, else the spec's fallback for this screen. */
export function errorMessage(e: unknown, fallback: string): string {
  if (e instanceof ApiError && e.status !== 0 && e.message && e.body && typeof e.body === 'object') return e.message;
  return fallback;
}

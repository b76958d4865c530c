// The one HTTP client of the PWA: base /api, JSON, the X-Device-Id header when this kiosk has an id,
// and the admin's bearer token when one is logged in. Server errors arrive as `{ message }` and are
// thrown as ApiError so screens can show the server's message or the spec's fallback.

export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly body: unknown,
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

export interface RequestOptions {
  method?: string;
  body?: unknown;
  query?: Record<string, string | number | boolean | null | undefined>;
  headers?: Record<string, string>;
  signal?: AbortSignal;
}

export async function api<T>(path: string, options: RequestOptions = {}): Promise<T> {
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
  let res: Response;
  try {
    res = await fetch(url, { method: options.method ?? (body ? 'POST' : 'GET'), headers, body, signal: options.signal });
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
    throw new ApiError(res.status, message, data);
  }
  return data as T;
}

/** The server's message when it sent one, else the spec's fallback for this screen. */
export function errorMessage(e: unknown, fallback: string): string {
  if (e instanceof ApiError && e.status !== 0 && e.message && e.body && typeof e.body === 'object') return e.message;
  return fallback;
}

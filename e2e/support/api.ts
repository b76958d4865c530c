// Seeds data through the real HTTP API as the super admin, the way an operator would. Calls name
// an endpoint of the contract (`api.call('createVenue', { body })`), so the path, the method and
// the input come from the same definitions as the PWA's `call` and the answer is typed.
import { findRoute, requestOf, type Answer, type CallInput, type Endpoints } from '@courtreplay/shared';
import { SUPER_ADMIN, type TestServer } from './server.ts';

export class AdminApi {
  private constructor(
    private readonly server: TestServer,
    readonly token: string,
  ) {}

  static async login(server: TestServer, credentials = SUPER_ADMIN): Promise<AdminApi> {
    const { token } = await send(server, 'login', { body: credentials }, {});
    return new AdminApi(server, token);
  }

  /** Calls the endpoint `name` as this admin; a non-success answer throws with its status and body. */
  call<K extends keyof Endpoints>(
    name: K,
    input: CallInput<Endpoints[K]>,
    headers: Record<string, string> = {},
  ): Promise<Answer<Endpoints[K]>> {
    return send(this.server, name, input, { Authorization: `Bearer ${this.token}`, ...headers });
  }

  // remaining callers: admin-storage, kiosk-device-trust, kiosk-purchase and offline-outbox (e2e/*.e2e.ts), converted by another branch
  /**
   * The older form, by method and `/api`-less path (`request('POST', '/venue/create', body)`): the
   * call must still be one the contract names. New code calls by name with `call`.
   */
  async request<T = unknown>(method: string, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<T> {
    const pathname = `/api${path}`.split('?')[0]!;
    if (!findRoute(method, pathname)) throw new Error(`${method} ${path}: no endpoint of the contract names this call`);
    const res = await fetch(`${this.server.url}/api${path}`, {
      method,
      headers: { Authorization: `Bearer ${this.token}`, ...(body === undefined ? {} : { 'Content-Type': 'application/json' }), ...headers },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    if (!res.ok) throw new Error(`${method} ${path} -> ${res.status} ${text}`);
    return (text ? JSON.parse(text) : null) as T;
  }

  setConfig(key: string, value: string) {
    return this.call('updateConfig', { body: { key, value } });
  }
}

async function send<K extends keyof Endpoints>(
  server: TestServer,
  name: K,
  input: CallInput<Endpoints[K]>,
  headers: Record<string, string>,
): Promise<Answer<Endpoints[K]>> {
  const request = requestOf(name, input);
  const res = await fetch(`${server.url}${request.url}`, {
    method: request.method,
    headers: { ...request.headers, ...headers },
    body: request.body,
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${name}: ${request.method} ${request.url} -> ${res.status} ${text}`);
  return (text ? JSON.parse(text) : null) as Answer<Endpoints[K]>;
}

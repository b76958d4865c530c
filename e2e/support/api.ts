// Seeds data through the real HTTP API as the super admin, the way an operator would.
import { SUPER_ADMIN, type TestServer } from './server.ts';

export class AdminApi {
  private constructor(
    private readonly server: TestServer,
    readonly token: string,
  ) {}

  static async login(server: TestServer, credentials = SUPER_ADMIN): Promise<AdminApi> {
    const res = await fetch(`${server.url}/api/admin/login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(credentials),
    });
    if (!res.ok) throw new Error(`login failed: ${res.status} ${await res.text()}`);
    const body = (await res.json()) as { token: string };
    return new AdminApi(server, body.token);
  }

  async request<T = unknown>(method: string, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<T> {
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
    return this.request('PUT', '/admin/config', { key, value });
  }
}

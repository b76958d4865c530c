// Seeds data through the real HTTP API as the super admin, the way an operator would. Calls name
// an endpoint of the contract (`api.call('createVenue', { body })`), so the path, the method and
// the input come from the same definitions as the PWA's `call` and the answer is typed.
import { requestOf, type Answer, type CallInput, type Endpoints } from '@courtreplay/shared';
import { SUPER_ADMIN, type TestServer } from './server.ts';

const sessions = new WeakMap<TestServer, Promise<AdminApi>>();

export class AdminApi {
  private constructor(
    private readonly server: TestServer,
    readonly token: string,
  ) {}

  static async login(server: TestServer, credentials = SUPER_ADMIN): Promise<AdminApi> {
    const { token } = await send(server, 'login', { body: credentials }, {});
    return new AdminApi(server, token);
  }

  /**
   * The super admin's one session on `server`, logged in on first use: a login checks an OWASP
   * scrypt hash (a second of the server's time), and a file's set-up seeds many kiosks.
   */
  static of(server: TestServer): Promise<AdminApi> {
    let session = sessions.get(server);
    if (!session) {
      session = AdminApi.login(server);
      sessions.set(server, session);
    }
    return session;
  }

  /** Calls the endpoint `name` as this admin; a non-success answer throws with its status and body. */
  call<K extends keyof Endpoints>(
    name: K,
    input: CallInput<Endpoints[K]>,
    headers: Record<string, string> = {},
  ): Promise<Answer<Endpoints[K]>> {
    return send(this.server, name, input, { Authorization: `Bearer ${this.token}`, ...headers });
  }

  /** The answer itself, for a test about a refusal's status and message. */
  respond<K extends keyof Endpoints>(name: K, input: CallInput<Endpoints[K]>): Promise<Response> {
    return respond(this.server, name, input, { Authorization: `Bearer ${this.token}` });
  }

  setConfig(key: string, value: string) {
    return this.call('updateConfig', { body: { key, value } });
  }
}

/**
 * Calls the server as a kiosk (its `X-Device-Id`), by endpoint name, as the PWA's `call` does:
 * for tests that stand in for a kiosk without a browser (a purchase made, a link saved, a report).
 */
export class KioskApi {
  constructor(
    private readonly server: TestServer,
    readonly deviceId: string,
  ) {}

  /** The typed answer; a non-success answer throws with its status and body. */
  call<K extends keyof Endpoints>(name: K, input: CallInput<Endpoints[K]>): Promise<Answer<Endpoints[K]>> {
    return send(this.server, name, input, { 'X-Device-Id': this.deviceId });
  }

  /** The answer itself, for a test about its status. */
  respond<K extends keyof Endpoints>(name: K, input: CallInput<Endpoints[K]>): Promise<Response> {
    return respond(this.server, name, input, { 'X-Device-Id': this.deviceId });
  }

  /**
   * What the kiosk does once a purchase's clips are uploaded: makes the purchase's folder and saves
   * its link (the server then e-mails a paid or free purchase). Answers the folder.
   */
  async saveFolderLink(purchaseId: string, folderName = 'videos') {
    const folder = await this.call('createFolder', { body: { folderName, purchaseId } });
    await this.call('updateZipUrl', { params: { id: purchaseId }, body: { zipUrl: folder.folderUrl, error: false } });
    return folder;
  }
}

/** The payment simulator's "Simulate success" (or another outcome) for an order, as its panel does. */
export function simulatePayment(server: TestServer, token: string, outcome: 'success' | 'pending' | 'failure' = 'success') {
  return send(server, 'simulatePayment', { params: { token, outcome } }, {});
}

function respond<K extends keyof Endpoints>(
  server: TestServer,
  name: K,
  input: CallInput<Endpoints[K]>,
  headers: Record<string, string>,
): Promise<Response> {
  const request = requestOf(name, input);
  return fetch(`${server.url}${request.url}`, { method: request.method, headers: { ...request.headers, ...headers }, body: request.body });
}

async function send<K extends keyof Endpoints>(
  server: TestServer,
  name: K,
  input: CallInput<Endpoints[K]>,
  headers: Record<string, string>,
): Promise<Answer<Endpoints[K]>> {
  const res = await respond(server, name, input, headers);
  const text = await res.text();
  if (!res.ok) throw new Error(`${name}: ${res.status} ${text}`);
  return (text ? JSON.parse(text) : null) as Answer<Endpoints[K]>;
}

// The recorder's calls to the sync server (docs/architecture.md, "The recorder"): its setup, its
// status report (also its heartbeat), the long-poll for marks and the marked clips' states, with
// the types and schemas of shared/'s contract. A 401 means the token was revoked: the caller stops,
// keeping its buffer. The log says once that the server cannot be reached (or is busy: a 429 or
// 503 is an answer from a server that is there, throttling or overloaded, not a network down) and
// once that it is back, however often the calls fail in between.
import {
  recorderMarksResponse,
  recorderSetupResponse,
  type RecorderMarksResponse,
  type RecorderMarkStatesRequest,
  type RecorderSetupResponse,
  type RecorderStatusRequest,
} from '@courtreplay/shared';
import type { Logger } from './log.ts';

export type Setup = RecorderSetupResponse;

export class RevokedError extends Error {}
/** The server could not be reached (the network, a timeout): the call is tried again later. */
export class UnreachableError extends Error {}
/** The server answered with an error status. */
export class ServerAnswerError extends Error {}
/** The server answered 429 or 503: it is there but busy; the call is tried again later. */
export class ServerBusyError extends ServerAnswerError {}

/** Private addresses and names only a local network knows: plain HTTP to them stays on the venue's LAN. */
function isLocal(host: string): boolean {
  const h = host.replace(/^\[|\]$/g, '').toLowerCase();
  const v4 = /^(\d+)\.(\d+)\.\d+\.\d+$/.exec(h);
  if (v4) {
    const [a, b] = [Number(v4[1]), Number(v4[2])];
    return (
      a === 10 ||
      a === 127 ||
      (a === 172 && b >= 16 && b <= 31) ||
      (a === 192 && b === 168) ||
      (a === 169 && b === 254) ||
      (a === 100 && b >= 64 && b <= 127)
    );
  }
  if (h.includes(':')) return h === '::1' || /^f[cd]/.test(h) || /^fe[89ab]/.test(h);
  return !h.includes('.') || /\.(local|lan|home\.arpa|internal)$/.test(h);
}

/** A warning when SERVER_URL sends the token in plain HTTP beyond the venue's network; null otherwise. */
export function serverUrlWarning(serverUrl: string): string | null {
  const url = new URL(serverUrl);
  if (url.protocol !== 'http:' || isLocal(url.hostname)) return null;
  return `SERVER_URL is plain HTTP to ${url.hostname}, outside the venue's network: the recorder's token and the cameras' passwords cross the internet unencrypted. Use the server's https:// address (docs/deploy.md).`;
}

export class ServerClient {
  /** What the log last said of the server. */
  private condition: 'answering' | 'unreachable' | 'busy' = 'answering';

  constructor(
    private readonly baseUrl: string,
    private readonly token: string,
    private readonly log: Logger,
  ) {}

  private async call(path: string, init: RequestInit & { timeoutMs: number }): Promise<unknown> {
    let response: Response;
    try {
      response = await fetch(`${this.baseUrl}${path}`, {
        ...init,
        headers: { authorization: `Bearer ${this.token}`, 'content-type': 'application/json' },
        signal: AbortSignal.any([AbortSignal.timeout(init.timeoutMs), ...(init.signal ? [init.signal] : [])]),
      });
    } catch (error) {
      if (init.signal?.aborted) throw error;
      const reason = error instanceof Error ? (error.cause instanceof Error ? error.cause.message : error.message) : String(error);
      this.unreachable(reason);
      throw new UnreachableError(reason);
    }
    if (response.status === 429 || response.status === 503) {
      this.busy(response.status, response.headers.get('retry-after'));
      throw new ServerBusyError(`${path} answered ${response.status}`);
    }
    this.back();
    if (response.status === 401) {
      const body = (await response.json().catch(() => ({}))) as { message?: string };
      throw new RevokedError(body.message ?? "The server refused this recorder's token.");
    }
    if (!response.ok) throw new ServerAnswerError(`${path} answered ${response.status}`);
    return (await response.json()) as unknown;
  }

  private unreachable(reason: string): void {
    if (this.condition === 'unreachable') return;
    this.condition = 'unreachable';
    this.log.warn(`The sync server at ${this.baseUrl} cannot be reached (${reason}); the recorder keeps recording and tries again.`);
  }

  private busy(status: number, retryAfter: string | null): void {
    if (this.condition === 'busy') return;
    this.condition = 'busy';
    const wait = retryAfter && /^\d+$/.test(retryAfter) ? `, asking to wait ${retryAfter} s` : '';
    this.log.warn(
      `The sync server at ${this.baseUrl} is busy (it answered ${status}${wait}); the recorder keeps recording and tries again.`,
    );
  }

  private back(): void {
    if (this.condition === 'answering') return;
    const was = this.condition;
    this.condition = 'answering';
    this.log.info(`The sync server at ${this.baseUrl} ${was === 'busy' ? 'answers again' : 'is reachable again'}.`);
  }

  async setup(): Promise<Setup> {
    return recorderSetupResponse.parse(await this.call('/api/recorder/setup', { method: 'GET', timeoutMs: 10_000 }));
  }

  async status(body: RecorderStatusRequest): Promise<void> {
    await this.call('/api/recorder/status', { method: 'POST', body: JSON.stringify(body), timeoutMs: 10_000 });
  }

  async markStates(body: RecorderMarkStatesRequest): Promise<void> {
    await this.call('/api/recorder/mark-states', { method: 'POST', body: JSON.stringify(body), timeoutMs: 10_000 });
  }

  async marks(after: string | undefined, signal: AbortSignal): Promise<RecorderMarksResponse> {
    const query = after === undefined ? '' : `?after=${encodeURIComponent(after)}`;
    return recorderMarksResponse.parse(await this.call(`/api/recorder/marks${query}`, { method: 'GET', timeoutMs: 40_000, signal }));
  }
}

// The recorder's calls to the sync server (docs/architecture.md, "The recorder"): its setup, its
// status report (also its heartbeat), the long-poll for marks, the marked clips' states and their
// uploads to the venue's storage, with the types and schemas of shared/'s contract. A 401 means the
// token was revoked: the caller stops, keeping its buffer. The log says once that the server cannot
// be reached (or is busy: a 429 or 503 is an answer from a server that is there, throttling or
// overloaded, not a network down) and once that it is back, however often the calls fail in between.
import {
  markClipResponse,
  markFileResponse,
  multipartPartsResponse,
  recorderMarksResponse,
  recorderSetupResponse,
  type MarkClipResponse,
  type MarkFileKind,
  type MarkFileRequest,
  type MarkFileResponse,
  type MultipartPartsResponse,
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
/** The server answered with an error status: its message, and its Retry-After (a 429 or 503 asks the recorder to wait). */
export class ServerAnswerError extends Error {
  constructor(
    message: string,
    readonly status = 0,
    readonly retryAfter: string | null = null,
    /** The server's own `message`, when it gave one. */
    readonly said: string | null = null,
  ) {
    super(message);
  }
}
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
      const retryAfter = response.headers.get('retry-after');
      this.busy(response.status, retryAfter);
      throw new ServerBusyError(`${path} answered ${response.status}`, response.status, retryAfter);
    }
    this.back();
    if (response.status === 401) {
      const body = (await response.json().catch(() => ({}))) as { message?: string };
      throw new RevokedError(body.message ?? "The server refused this recorder's token.");
    }
    if (!response.ok) {
      const body = (await response.json().catch(() => ({}))) as { message?: unknown };
      const said = typeof body.message === 'string' ? body.message : null;
      throw new ServerAnswerError(
        `${path} answered ${response.status}${said ? `: ${said}` : ''}`,
        response.status,
        response.headers.get('retry-after'),
        said,
      );
    }
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

  /** Begins (or resumes) the upload of a marked clip or its preview (shared/src/contract/mark-clips.ts). */
  async beginMarkFile(markId: number, kind: MarkFileKind, body: MarkFileRequest, signal?: AbortSignal): Promise<MarkFileResponse> {
    const path = `/api/recorder/marks/${markId}/files/${kind}`;
    return markFileResponse.parse(await this.call(path, { method: 'POST', body: JSON.stringify(body), timeoutMs: 30_000, signal }));
  }

  /** An upload in parts (S3): the parts the bucket holds, and presigned URLs for the others. */
  async markFileParts(markId: number, kind: MarkFileKind, signal?: AbortSignal): Promise<MultipartPartsResponse> {
    const path = `/api/recorder/marks/${markId}/files/${kind}/parts`;
    return multipartPartsResponse.parse(await this.call(path, { method: 'POST', timeoutMs: 30_000, signal }));
  }

  /** The file is sent: the server asks the storage whether it holds it whole. */
  async completeMarkFile(markId: number, kind: MarkFileKind, signal?: AbortSignal): Promise<MarkClipResponse> {
    const path = `/api/recorder/marks/${markId}/files/${kind}/complete`;
    return markClipResponse.parse(await this.call(path, { method: 'POST', timeoutMs: 60_000, signal }));
  }
}

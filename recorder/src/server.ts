// The recorder's calls to the sync server (docs/architecture.md, "The recorder"): its setup,
// its status report (also its heartbeat) and the long-poll for marks. A 401 means the token was
// revoked: the caller stops, keeping its buffer.

export interface Setup {
  recorder: { id: number; name: string; venueId: number };
  venue: { id: number; name: string; timeZone: string };
  courts: { fieldId: number; name: string; camera: { url: string } | null }[];
}

export interface Mark {
  id: number;
  fieldId: number;
  at: string;
}

export class RevokedError extends Error {}

export class ServerClient {
  constructor(
    private readonly baseUrl: string,
    private readonly token: string,
  ) {}

  private async call<T>(path: string, init: RequestInit & { timeoutMs: number }): Promise<T> {
    const response = await fetch(`${this.baseUrl}${path}`, {
      ...init,
      headers: { authorization: `Bearer ${this.token}`, 'content-type': 'application/json' },
      signal: AbortSignal.any([AbortSignal.timeout(init.timeoutMs), ...(init.signal ? [init.signal] : [])]),
    });
    if (response.status === 401) {
      const body = (await response.json().catch(() => ({}))) as { message?: string };
      throw new RevokedError(body.message ?? "The server refused this recorder's token.");
    }
    if (!response.ok) throw new Error(`${path} answered ${response.status}`);
    return (await response.json()) as T;
  }

  setup(): Promise<Setup> {
    return this.call('/api/recorder/setup', { method: 'GET', timeoutMs: 10_000 });
  }

  status(body: unknown): Promise<{ ok: boolean }> {
    return this.call('/api/recorder/status', { method: 'POST', body: JSON.stringify(body), timeoutMs: 10_000 });
  }

  marks(after: string | undefined, signal: AbortSignal): Promise<{ marks: Mark[]; cursor: string }> {
    const query = after === undefined ? '' : `?after=${encodeURIComponent(after)}`;
    return this.call(`/api/recorder/marks${query}`, { method: 'GET', timeoutMs: 40_000, signal });
  }
}

// The recorder's client of the sync server: how it tells an owner reading the log what the server
// does. A 429 (the server throttling) or a 503 is a busy server, not an unreachable one (the
// advice for that is the venue's internet), said once however many calls it refuses, and once
// when it answers again. Against a local HTTP server, in milliseconds.
import type { RecorderStatusRequest } from '@courtreplay/shared';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { createLogger } from '../src/log.ts';
import { ServerBusyError, ServerClient } from '../src/server.ts';

const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const close of closers.splice(0)) await close();
});

/** A server answering each call with the status `answer()` gives at the time. */
async function serverAnswering(answer: () => number): Promise<string> {
  const server = createServer((_req, res) => {
    const status = answer();
    res.writeHead(status, { 'content-type': 'application/json', ...(status === 429 ? { 'retry-after': '2' } : {}) });
    res.end(JSON.stringify(status === 200 ? { ok: true } : { message: 'Too many requests' }));
  });
  await new Promise<void>((listening) => server.listen(0, '127.0.0.1', listening));
  closers.push(() => new Promise((closed) => server.close(() => closed())));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

const report: RecorderStatusRequest = { cameras: [], alerts: [] };

describe("the recorder's client of the sync server", () => {
  it('says once that a server answering 429 or 503 is busy, never that it cannot be reached, and once that it answers again', async () => {
    let status = 429;
    const url = await serverAnswering(() => status);
    const lines: string[] = [];
    const client = new ServerClient(
      url,
      'token',
      createLogger((line) => lines.push(line)),
    );
    for (let i = 0; i < 3; i++) await expect(client.status(report)).rejects.toBeInstanceOf(ServerBusyError);
    status = 503;
    await expect(client.status(report)).rejects.toBeInstanceOf(ServerBusyError);
    status = 200;
    await client.status(report);
    await client.status(report);
    expect(lines.map((l) => l.replace(/^\S+ /, ''))).toEqual([
      `warn  The sync server at ${url} is busy (it answered 429, asking to wait 2 s); the recorder keeps recording and tries again.`,
      `info  The sync server at ${url} answers again.`,
    ]);
  });
});

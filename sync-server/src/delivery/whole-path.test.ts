// The whole way a purchase travels, over real HTTP and a real SMTP server, with no outside account:
// purchase -> simulator success -> folder -> three clips through signed URLs (one chunked, broken
// off mid-chunk and resumed) -> link saved -> exactly one e-mail with the link -> the share page
// serves the clips byte for byte.
import { serve, type ServerType } from '@hono/node-server';
import { readdirSync, statSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeAdapterTestApp, seedPurchase, type AdapterTestApp } from '../adapters/testing/adapter-app.ts';
import { mp4Bytes, webmBytes } from '../adapters/testing/clips.ts';
import { startSmtpSink } from '../mail/testing/smtp-sink.ts';

const CHUNK = 256 * 1024;

/** Sends `partial` bytes of a `declared`-byte chunk and, once `arrived()` says the server has them, drops the connection. */
function brokenPut(url: string, range: string, declared: number, partial: Buffer, arrived: () => boolean): Promise<void> {
  return new Promise((done) => {
    const req = httpRequest(url, {
      method: 'PUT',
      headers: { 'Content-Range': range, 'Content-Length': String(declared), 'Content-Type': 'video/webm' },
    });
    req.on('error', () => done());
    req.on('close', () => done());
    const started = Date.now();
    const breakWhenArrived = () => (arrived() || Date.now() - started > 5000 ? req.destroy() : setTimeout(breakWhenArrived, 10));
    req.write(partial, breakWhenArrived);
  });
}

function partSize(dataDir: string, folderId: string): number {
  const dir = join(dataDir, 'drive', folderId, '.uploads');
  return readdirSync(dir)
    .filter((n) => n.endsWith('.part'))
    .reduce((max, n) => Math.max(max, statSync(join(dir, n)).size), 0);
}

describe('the whole path on a fresh install', () => {
  let sink: Awaited<ReturnType<typeof startSmtpSink>>;
  let t: AdapterTestApp;
  let server: ServerType;
  let base: string;

  beforeAll(async () => {
    sink = await startSmtpSink();
    t = await makeAdapterTestApp({ smtpUrl: sink.url, smtpCa: sink.ca });
    server = serve({ fetch: t.app.fetch, port: 0, hostname: '127.0.0.1' });
    await new Promise<void>((done) => server.once('listening', done));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    // As PUBLIC_URL would say in production: links come from the configuration, and the port is
    // only known once the server listens.
    t.config.publicUrl = base;
  });
  afterAll(async () => {
    await t.delivery.idle();
    await new Promise<void>((done) => server.close(() => done()));
    await t.close();
    await sink.close();
  });

  const http = (path: string, init: RequestInit = {}) => fetch(path.startsWith('http') ? path : `${base}${path}`, init);
  const post = (path: string, body: unknown, headers: Record<string, string>) =>
    http(path, { method: 'POST', headers: { 'Content-Type': 'application/json', ...headers }, body: JSON.stringify(body) });

  it('purchase, payment, upload, link, one e-mail, share page', async () => {
    const { purchase, token, device } = await seedPurchase(t, { email: 'rally@example.com' });
    const kiosk = { ...device.headers, Origin: base };

    // The kiosk loads the script the server names and pays through the simulator.
    const { scriptUrl } = (await (await http('/api/payment/client-config?staging=false')).json()) as { scriptUrl: string };
    expect((await http(scriptUrl)).status).toBe(200);
    const paid = await http(`/api/payment/simulator/${token}/success`, { method: 'POST' });
    expect(((await paid.json()) as { transaction_status: string }).transaction_status).toBe('settlement');

    const folder = (await (
      await post('/api/google-drive/create-folder', { folderName: 'videos_20261120_1000_3videos', purchaseId: purchase.id }, kiosk)
    ).json()) as { folderId: string; folderUrl: string };
    expect(folder.folderUrl).toBe(`${base}/d/${folder.folderId}`);

    const clips = [
      { filename: 'Rally 1.mp4', mimeType: 'video/mp4', bytes: mp4Bytes(150_000) },
      { filename: 'Rally 2.mp4', mimeType: 'video/mp4', bytes: mp4Bytes(90_000) },
      { filename: 'Rally 3.webm', mimeType: 'video/webm', bytes: webmBytes(3 * CHUNK + 12_345) },
    ];
    const urls: string[] = [];
    for (const clip of clips) {
      const res = await post(
        '/api/google-drive/get-signed-url',
        { filename: clip.filename, mimeType: clip.mimeType, size: clip.bytes.length, folderId: folder.folderId },
        kiosk,
      );
      urls.push(((await res.json()) as { uploadUrl: string }).uploadUrl);
    }
    for (const i of [0, 1]) {
      const res = await http(urls[i]!, {
        method: 'PUT',
        headers: { 'Content-Type': clips[i]!.mimeType },
        body: new Uint8Array(clips[i]!.bytes),
      });
      expect(res.status).toBe(201);
    }

    // The third clip goes in 256 KiB chunks; the second chunk breaks off after 100 000 bytes.
    const big = clips[2]!.bytes;
    const total = big.length;
    const chunk = (start: number, end: number) =>
      http(urls[2]!, {
        method: 'PUT',
        headers: { 'Content-Range': `bytes ${start}-${end}/${total}` },
        body: new Uint8Array(big.subarray(start, end + 1)),
      });
    const first = await chunk(0, CHUNK - 1);
    expect(first.status).toBe(308);
    expect(first.headers.get('Range')).toBe(`bytes=0-${CHUNK - 1}`);
    await brokenPut(
      urls[2]!,
      `bytes ${CHUNK}-${2 * CHUNK - 1}/${total}`,
      CHUNK,
      big.subarray(CHUNK, CHUNK + 100_000),
      () => partSize(t.dir, folder.folderId) >= CHUNK + 100_000,
    );
    const status = await http(urls[2]!, { method: 'PUT', headers: { 'Content-Range': `bytes */${total}` } });
    expect(status.status).toBe(308);
    let received = Number(/^bytes=0-(\d+)$/.exec(status.headers.get('Range') ?? '')?.[1] ?? -1) + 1;
    // What arrived before the break is kept: the resume starts right after it.
    expect(received).toBe(CHUNK + 100_000);
    let last: Response | undefined;
    while (received < total) {
      const end = Math.min(received + CHUNK, total) - 1;
      last = await chunk(received, end);
      received = end + 1;
      if (last.status === 308) expect(last.headers.get('Range')).toBe(`bytes=0-${end}`);
    }
    expect(last!.status).toBe(201);

    // No e-mail before the link is saved; exactly one after, with the link.
    await t.delivery.idle();
    expect(sink.received).toHaveLength(0);
    const saved = await http(`/api/transaction/${purchase.id}/zipUrl`, {
      method: 'PUT',
      headers: { 'Content-Type': 'application/json', ...kiosk },
      body: JSON.stringify({ zipUrl: folder.folderUrl }),
    });
    expect(saved.status).toBe(200);
    await t.delivery.idle();
    expect(sink.received).toHaveLength(1);
    expect(sink.received[0]!.to).toEqual(['rally@example.com']);
    expect(sink.received[0]!.subject).toBe('Your CourtReplay Is Ready!');
    expect(sink.received[0]!.decoded).toContain(folder.folderUrl);

    // Replays of the payment change nothing and send nothing.
    await http(`/api/payment/simulator/${token}/success`, { method: 'POST' });
    await t.delivery.idle();
    expect(sink.received).toHaveLength(1);
    const row = await t.db
      .selectFrom('purchases')
      .select(['paymentStatus', 'emailStatus', 'folderId'])
      .where('id', '=', purchase.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ paymentStatus: 'paid', emailStatus: 'sent', folderId: folder.folderId });

    // The player's phone: the share page lists the three clips and serves them byte for byte.
    const page = await (await http(new URL(folder.folderUrl).pathname)).text();
    for (const name of ['Rally-1.mp4', 'Rally-2.mp4', 'Rally-3.webm']) {
      expect(page).toContain(`/d/${folder.folderId}/${name}`);
    }
    for (const [i, name] of ['Rally-1.mp4', 'Rally-2.mp4', 'Rally-3.webm'].entries()) {
      const file = await http(`/d/${folder.folderId}/${name}`);
      expect(file.status).toBe(200);
      expect(Buffer.from(await file.arrayBuffer()).equals(clips[i]!.bytes)).toBe(true);
    }
  });
});

// Two server processes that share nothing but PostgreSQL and the bucket (STORAGE=s3,
// each its own DATA_DIR). A purchase whose upload starts on one (folder, presigned URL) and finishes
// on the other (upload status, link, payment) is delivered once, and either serves the clip.
// Runs in the PostgreSQL project only (vitest.config.ts): SQLite is one process's file.
import type { CreatePurchaseResponse } from '@courtreplay/shared';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mp4Bytes } from './adapters/testing/clips.ts';
import { startS3Server, type S3Server } from './adapters/testing/s3-server.ts';
import { frozenClock } from './testing/clock.ts';
import { openTestDatabase, type TestDatabase } from './testing/database.ts';
import { createSeeder } from './testing/seed.ts';
import { startServerProcess, type ServerProcess } from './testing/server-process.ts';

const PRICE = 10_000;
const dirs: string[] = [];
let bucket: S3Server;
let database: TestDatabase;
let a: ServerProcess;
let b: ServerProcess;
let kiosk: { headers: Record<string, string> };

beforeAll(async () => {
  bucket = await startS3Server();
  database = await openTestDatabase(mkdtempSync(join(tmpdir(), 'courtreplay-two-s3-')));
  const seed = createSeeder(database.db, frozenClock(), 3_600_000);
  const venue = await seed.venue({ name: 'Arena' });
  const court = await seed.field({ venueId: venue.id, name: 'Court 1' });
  kiosk = await seed.device({ venueId: venue.id, fieldId: court.id });
  await seed.config('DEFAULT_PRICE', String(PRICE));
  dirs.push(mkdtempSync(join(tmpdir(), 'courtreplay-instance-')), mkdtempSync(join(tmpdir(), 'courtreplay-instance-')));
  const start = (dir: string) =>
    startServerProcess({ DATA_DIR: dir, DATABASE_URL: database.url, PAYMENT_PROVIDER: 'simulator', ...bucket.env });
  [a, b] = await Promise.all([start(dirs[0]!), start(dirs[1]!)]);
});

afterAll(async () => {
  await Promise.all([a?.stop(), b?.stop()]);
  await database?.drop();
  await bucket?.close();
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

const call = (server: ServerProcess, method: string, path: string, body?: unknown) =>
  fetch(`${server.url}${path}`, {
    method,
    headers: { ...kiosk.headers, 'Content-Type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });

describe('two instances on PostgreSQL and one bucket, each with its own DATA_DIR', () => {
  it('deliver a purchase whose upload starts on one and finishes on the other', async () => {
    const bought = await fetch(`${a.url}/api/transaction`, {
      method: 'POST',
      headers: { ...kiosk.headers, 'Content-Type': 'application/json', 'Idempotency-Key': '"s3-two"' },
      body: JSON.stringify({
        email: 'player@example.com',
        videoIds: ['1732080000000_rally.mp4'],
        videoTitles: ['rally'],
        totalAmount: PRICE,
      }),
    });
    expect(bought.status).toBe(201);
    const made = (await bought.json()) as CreatePurchaseResponse;
    const id = made.transaction.id;

    // Started on a: the folder and the presigned URL.
    const folder = (await (await call(a, 'POST', '/api/google-drive/create-folder', { folderName: 'videos', purchaseId: id })).json()) as {
      folderId: string;
      folderUrl: string;
    };
    const clip = mp4Bytes(120_000);
    const signed = (await (
      await call(a, 'POST', '/api/google-drive/get-signed-url', {
        folderId: folder.folderId,
        filename: 'rally.mp4',
        mimeType: 'video/mp4',
        size: clip.length,
      })
    ).json()) as { uploadUrl: string; uploadKind: string };
    expect(signed.uploadKind).toBe('single-put');
    expect((await fetch(signed.uploadUrl, { method: 'PUT', body: clip, headers: { 'Content-Type': 'video/mp4' } })).status).toBe(200);

    // Finished on b: it knows the upload (the session is in the database, the object in the bucket).
    expect(await (await call(b, 'POST', '/api/storage/upload-status', { uploadUrl: signed.uploadUrl })).json()).toEqual({
      received: clip.length,
      complete: true,
    });
    expect((await call(b, 'PUT', `/api/transaction/${id}/zipUrl`, { zipUrl: folder.folderUrl, error: false })).status).toBe(200);
    expect((await fetch(`${b.url}/api/payment/simulator/${made.payment!.token}/success`, { method: 'POST' })).status).toBe(200);

    await expect
      .poll(
        async () =>
          (await database.db.selectFrom('purchases').select('emailStatus').where('id', '=', id).executeTakeFirstOrThrow()).emailStatus,
        {
          timeout: 60_000,
          interval: 100,
        },
      )
      .toBe('sent');
    expect(dirs.flatMap((dir) => outboxMessages(dir)).filter((m) => m.includes(id))).toHaveLength(1);

    // Either instance serves the clip from the bucket, by Range; neither holds it on its disk.
    for (const server of [a, b]) {
      const part = await fetch(`${server.url}/d/${folder.folderId}/rally.mp4`, { headers: { Range: 'bytes=0-99' } });
      expect(part.status).toBe(206);
      expect(Buffer.from(await part.arrayBuffer()).equals(clip.subarray(0, 100))).toBe(true);
    }
    for (const dir of dirs) expect(existsSync(join(dir, 'drive'))).toBe(false);
  });
});

/** The .eml files an instance's outbox mailer wrote. */
function outboxMessages(dataDir: string): string[] {
  const dir = join(dataDir, 'outbox');
  if (!existsSync(dir)) return [];
  return readdirSync(dir).map((name) => readFileSync(join(dir, name), 'utf8'));
}

// The kiosk keeps its IndexedDB small: at start and once a day it deletes the clip
// cache of past days, sent purchases and finished upload jobs older than a week, and never a
// purchase not yet sent (or parked) nor an upload job still running. On a frozen browser clock.
import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { newKioskContext, useRig } from './support/index.ts';
import { seedKiosk, useDeviceId } from './support/kiosk-setup.ts';
import { OfflineKiosk } from './pages/offline-kiosk.ts';

const NOW = Date.parse('2026-11-22T07:00:00Z'); // 14:00 in Jakarta
const HOUR = 60 * 60_000;
const DAY = 24 * HOUR;

const { server, browser } = useRig();
let page: Page;
let kiosk: OfflineKiosk;

interface Rows {
  outbox: { idempotencyKey: string; state: string; createdAt: number }[];
  uploads: { transactionId: string; state: string; updatedAt: number }[];
  clips: { key: string; lastModified: number }[];
}

/** Raw IndexedDB, as the app's Dexie stores them (lib/db.ts); `put` adds rows, then all are read. */
function kioskRows(put?: Rows): Promise<Rows> {
  return page.evaluate(async (rows) => {
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const req = indexedDB.open('courtreplay-kiosk');
      req.onsuccess = () => resolve(req.result);
      req.onerror = () => reject(req.error);
    });
    const stores = ['outbox', 'uploads', 'clips'] as const;
    if (rows) {
      const tx = db.transaction([...stores], 'readwrite');
      for (const store of stores) for (const row of rows[store]) tx.objectStore(store).put(row);
      await new Promise((resolve, reject) => {
        tx.oncomplete = resolve;
        tx.onerror = () => reject(tx.error);
      });
    }
    const all = (store: string) =>
      new Promise<never[]>((resolve, reject) => {
        const req = db.transaction(store).objectStore(store).getAll();
        req.onsuccess = () => resolve(req.result as never[]);
        req.onerror = () => reject(req.error);
      });
    const result = { outbox: await all('outbox'), uploads: await all('uploads'), clips: await all('clips') };
    db.close();
    return result;
  }, put);
}

const keys = (rows: Rows) => ({
  outbox: rows.outbox.map((r) => r.idempotencyKey).sort(),
  uploads: rows.uploads.map((r) => r.transactionId).sort(),
  clips: rows.clips.map((r) => r.key).sort(),
});

const purchase = (idempotencyKey: string, state: string, age: number) => ({
  idempotencyKey,
  body: { email: 'ana@example.com', videoIds: ['v1'], totalAmount: 0 },
  staging: false,
  state,
  attempts: 1,
  createdAt: NOW - age,
  nextAttemptAt: NOW - age,
});
const job = (transactionId: string, state: string, age: number) => ({
  transactionId,
  folderName: 'videos_x',
  clips: [],
  state,
  linkSaved: state === 'done',
  createdAt: NOW - age,
  updatedAt: NOW - age,
});
const clip = (key: string, lastModified: number) => ({
  key,
  name: `${key}.mp4`,
  size: 1,
  lastModified,
  format: 'mp4',
  cachedAt: lastModified,
});

beforeAll(async () => {
  const seed = await seedKiosk(server);
  const context = await newKioskContext(browser, server.url);
  await useDeviceId(context, seed.deviceId);
  page = await context.newPage();
  kiosk = new OfflineKiosk(page);
  await page.clock.install({ time: NOW });
  await page.goto('/box');
  await kiosk.waitForServiceWorker();
  // The kiosk has opened (and created) its database.
  await page.waitForFunction(async () => (await indexedDB.databases()).some((d) => d.name === 'courtreplay-kiosk'), undefined, {
    polling: 200,
  });
});

describe('pruning the kiosk database', () => {
  it('at start deletes past days, sent and finished rows older than a week, and keeps every sale', async () => {
    await kioskRows({
      outbox: [
        purchase('sent-old', 'sent', 8 * DAY),
        purchase('sent-recent', 'sent', 2 * DAY),
        purchase('queued-old', 'queued', 30 * DAY),
        purchase('parked-old', 'parked', 30 * DAY),
      ],
      uploads: [
        job('done-old', 'done', 8 * DAY),
        job('failed-old', 'failed', 8 * DAY),
        job('done-recent', 'done', 6 * DAY),
        job('pending-old', 'pending', 30 * DAY),
        job('uploading-old', 'uploading', 30 * DAY),
      ],
      clips: [clip('yesterday', NOW - DAY), clip('today', NOW - HOUR)],
    });
    await page.reload();
    await expect
      .poll(async () => keys(await kioskRows()), { timeout: 15_000 })
      .toEqual({
        outbox: ['parked-old', 'queued-old', 'sent-recent'],
        uploads: ['done-recent', 'pending-old', 'uploading-old'],
        clips: ['today'],
      });
  });

  it('prunes again a day later without a restart', async () => {
    const before = await kioskRows();
    expect(keys(before).uploads).toContain('done-recent');
    // 'done-recent' finished 6 days ago (by the fake clock's start); a day on it is past the week.
    await page.clock.fastForward(DAY + HOUR);
    await expect
      .poll(async () => keys(await kioskRows()), { timeout: 15_000 })
      .toEqual({
        outbox: ['parked-old', 'queued-old', 'sent-recent'],
        uploads: ['pending-old', 'uploading-old'],
        clips: [],
      });
  });
});

// STORAGE=s3 in a real browser: the kiosk PUTs the clip straight to the bucket (s3rver, behind the
// imitation of S3's faults), across the browser's CORS check and the server's Content-Security-Policy,
// through a SlowDown on the first PUT; the object in the bucket is the clip byte for byte, the link is
// saved, the e-mail goes out once, and the player's share page streams the clip from the bucket.
import { ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { FAULTS, startS3FaultProxy, type S3FaultProxy } from '@courtreplay/sync-server/testing/s3-faults';
import { corsXml, S3RVER_KEYS, startS3Server, TEST_BUCKET, type S3Server } from '@courtreplay/sync-server/testing/s3-server';
import { feedFolder, makeClip, useRig } from './support/index.ts';
import { launchKioskProfile, OfflineKiosk, until } from './pages/offline-kiosk.ts';

let bucket: S3Server;
let faults: S3FaultProxy;
beforeAll(async () => {
  // The kiosks' origin is the server's, whose port the kernel picks: the rule allows any loopback port.
  bucket = await startS3Server({ cors: corsXml('http://127.0.0.1:*') });
  faults = await startS3FaultProxy(bucket.endpoint, { secret: S3RVER_KEYS.S3_SECRET_ACCESS_KEY });
});

afterAll(async () => {
  await faults?.close();
  await bucket?.close();
});

const { server, seed } = useRig({
  env: () => ({ ...bucket.env, S3_ENDPOINT: faults.endpoint }),
  browser: false,
  kiosk: { pricing: { price: 10_000, gateway: false, tiers: [{ QUANTITY: 6, PRICE: 6_000, ENABLED: false }] } },
});

it('uploads the clip to the bucket in one PUT through a SlowDown, and the player gets it from there', async () => {
  const source = makeClip({ format: 'mp4', seconds: 3 });
  faults.inject({ fault: FAULTS.slowDown, times: 1, when: (r) => r.method === 'PUT' && r.url.includes('X-Amz-Signature') });
  const { context } = await launchKioskProfile(server.url, seed.deviceId);
  const page = context.pages()[0] ?? (await context.newPage());
  const kiosk = new OfflineKiosk(page);
  await page.goto('/box');
  await feedFolder(page, [{ name: 'match_point.mp4', path: source }]);
  await kiosk.buyFree(['match point'], 'dewi@example.com');
  await until(() => server.outbox().length >= 1, 60_000, 'the e-mail');

  // Two PUTs of the whole clip: the one S3 asked to slow down, and the one it stored. No chunks.
  const puts = faults.seen.filter((line) => line.startsWith('PUT ') && line.includes('X-Amz-Signature'));
  expect(puts).toHaveLength(2);
  const s3 = new S3Client({
    region: 'auto',
    endpoint: bucket.endpoint,
    forcePathStyle: true,
    credentials: { accessKeyId: S3RVER_KEYS.S3_ACCESS_KEY_ID, secretAccessKey: S3RVER_KEYS.S3_SECRET_ACCESS_KEY },
  });
  const listed = (await s3.send(new ListObjectsV2Command({ Bucket: TEST_BUCKET, Prefix: 'courtreplay/' }))).Contents ?? [];
  const clips = listed.filter((o) => o.Key!.endsWith('.mp4'));
  expect(clips).toHaveLength(1);
  expect(clips[0]!.Size).toBe(readFileSync(source).length);

  await until(
    async () => (await kiosk.outbox()).uploads.some((u) => u.state === 'done' && u.linkSaved),
    30_000,
    "the kiosk's upload to end",
  );
  expect(server.outbox()).toHaveLength(1);

  // The share page the purchase links to serves the bucket's object, streamed through the server.
  const [, folderId, name] = clips[0]!.Key!.split('/');
  const served = await fetch(`${server.url}/d/${folderId}/${encodeURIComponent(name!)}`);
  expect(served.status).toBe(200);
  expect(Buffer.from(await served.arrayBuffer()).equals(readFileSync(source))).toBe(true);
  await context.close();
});

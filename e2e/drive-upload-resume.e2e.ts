// The kiosk uploads to (an imitation of) Google Drive through a 503 with an HTML body and an
// expired session, with Range hidden from the browser as Drive's CORS does: the kiosk asks the
// server where to resume, opens a new session, and the clip arrives whole; the link is saved and
// the e-mail goes out once.
import { readFileSync } from 'node:fs';
import { MESSAGES } from '@courtreplay/shared';
import { expect, it } from 'vitest';
import { driveEnv, feedFolder, makeClip, useDriveImitation, useRig } from './support/index.ts';
import { launchKioskProfile, OfflineKiosk, until } from './pages/offline-kiosk.ts';

const drive = useDriveImitation({ hideRange: true });

const { server, seed } = useRig({
  env: () => driveEnv(drive),
  browser: false,
  kiosk: { pricing: { price: 10_000, gateway: false, tiers: [{ QUANTITY: 6, PRICE: 6_000, ENABLED: false }] } },
});

it('uploads through a 503 and an expired session, Range hidden, and the clip arrives whole', async () => {
  const source = makeClip({ format: 'mp4', seconds: 3 });
  // The first chunk PUT meets a 503; the server's status query then finds the session expired.
  drive.inject('upload-chunk', '503-html');
  drive.inject('upload-chunk', '404-session-expired');
  const { context } = await launchKioskProfile(server.url, seed.deviceId);
  const page = context.pages()[0] ?? (await context.newPage());
  const kiosk = new OfflineKiosk(page);
  await page.goto('/box');
  await feedFolder(page, [{ name: 'match_point.mp4', path: source }]);
  await kiosk.buyFree(['match point'], 'dewi@example.com');
  await until(() => server.outbox().length >= 1, 60_000, 'the e-mail');

  const clips = drive.files.filter((f) => f.mimeType === 'video/mp4');
  expect(clips).toHaveLength(1);
  expect(clips[0]!.content!.equals(readFileSync(source))).toBe(true);
  expect(clips[0]!.appProperties).toEqual({ courtreplay: '1' });
  expect(drive.sessions.size).toBe(2);
  // The e-mail follows the server's saving of the link; the kiosk records the answer a moment later.
  await until(
    async () => (await kiosk.outbox()).uploads.some((u) => u.state === 'done' && u.linkSaved),
    30_000,
    "the kiosk's upload to end",
  );
  const after = await kiosk.outbox();
  expect(after.uploads.map((u) => [u.state, u.linkSaved])).toEqual([['done', true]]);
  expect(server.outbox()).toHaveLength(1);
  await context.close();
});

it("a full Drive: the player is told the paid clips will follow, with Drive's reason, and they do once there is space", async () => {
  const source = makeClip({ format: 'mp4', seconds: 3 });
  drive.options.storageFull = true;
  const mailsBefore = server.outbox().length;
  const clipsBefore = drive.files.filter((f) => f.mimeType === 'video/mp4').length;
  const { context } = await launchKioskProfile(server.url, seed.deviceId);
  const page = context.pages()[0] ?? (await context.newPage());
  const kiosk = new OfflineKiosk(page);
  // The page's clock, installed running, so the test can bring the upload's next try forward.
  await page.clock.install();
  await page.goto('/box');
  await feedFolder(page, [{ name: 'full_drive.mp4', path: source }]);
  await kiosk.buyFree(['full drive'], 'sari@example.com');

  const waiting = page.getByTestId('delivery-waiting');
  await waiting.waitFor();
  expect(await waiting.textContent()).toContain(MESSAGES.checkout.progress.storageWaiting);
  expect(await waiting.textContent()).toContain('storageQuotaExceeded');

  drive.options.storageFull = false;
  // The next try waits for the outbox's 15 s tick and the job's backoff: 5 s of the page's time at each look.
  await until(
    async () => {
      if (server.outbox().length > mailsBefore) return true;
      await page.clock.runFor(5_000);
      return false;
    },
    60_000,
    'the e-mail once Drive has space',
  );
  const clips = drive.files.filter((f) => f.mimeType === 'video/mp4');
  expect(clips).toHaveLength(clipsBefore + 1);
  expect(clips.at(-1)!.content!.equals(readFileSync(source))).toBe(true);
  await context.close();
});

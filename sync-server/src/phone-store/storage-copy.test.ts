// A bought rally's clip is copied inside the venue's storage, from the mark's folder into the
// purchase's (no byte through this server), on Google Drive (files.copy, against the imitation) and
// on S3 (CopyObject, against s3rver) as on the local disk, and the phone page plays the copy.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { driveEnv, startDriveImitation, type DriveImitation } from '../adapters/testing/drive-imitation.ts';
import { startS3Server, type S3Server } from '../adapters/testing/s3-server.ts';
import { markedClipFiles, type MarkedClipFiles } from '../testing/marked-clip-files.ts';
import { storeWorld, type StoreWorld } from './test-support.ts';

let files: MarkedClipFiles;
beforeAll(() => {
  files = markedClipFiles();
});

/** Tap, the recorder's upload, the purchase and its payment; answers the bytes the phone page plays. */
async function buyAndPlay(w: StoreWorld): Promise<Buffer> {
  await w.heartbeat();
  const code = await w.codeOf(w.court1.id);
  const phone = w.phone();
  const markId = await phone.mark(code);
  expect((await w.recorder.deliver(markId, files)).stored).toBe(true);
  const bought = (await (await phone.buy(code, { rallies: [markId] })).json()) as { purchaseId: string };
  const { paymentToken, phoneToken } = await w.db
    .selectFrom('purchases')
    .select(['paymentToken', 'phoneToken'])
    .where('id', '=', bought.purchaseId)
    .executeTakeFirstOrThrow();
  expect((await fetch(`${w.base}/api/payment/simulator/${paymentToken}/success`, { method: 'POST' })).status).toBe(200);
  await w.delivery.idle();
  const state = (await (await fetch(`${w.base}/p/${phoneToken}/state`)).json()) as { status: string; clips: { url: string }[] };
  expect(state.status).toBe('ready');
  return Buffer.from(await (await fetch(`${w.base}${state.clips[0]!.url}`)).arrayBuffer());
}

describe('on Google Drive', () => {
  let drive: DriveImitation;
  beforeAll(async () => {
    drive = await startDriveImitation({ driveFileScope: true });
  });
  afterAll(() => drive.close());

  it('copies the clip with files.copy into the purchase’s folder, once', async () => {
    const w = await storeWorld({ env: driveEnv(drive) });
    try {
      expect((await buyAndPlay(w)).equals(files.clip)).toBe(true);
      expect(drive.requests.filter((r) => r.op === 'files.copy')).toHaveLength(1);
      // The original (the mark's folder) and the purchase's own copy, nothing else.
      expect(drive.files.filter((f) => f.size === files.clip.length && !f.trashed)).toHaveLength(2);
    } finally {
      await w.close();
    }
  });
});

describe('on S3', () => {
  let s3: S3Server;
  beforeAll(async () => {
    s3 = await startS3Server();
  });
  afterAll(() => s3.close());

  it('copies the clip with CopyObject into the purchase’s folder', async () => {
    const w = await storeWorld({ env: { ...s3.env, S3_PREFIX: 'copy/' } });
    try {
      // s3rver checks a presigned URL's date against the real clock.
      w.clock.set(new Date());
      expect((await buyAndPlay(w)).equals(files.clip)).toBe(true);
    } finally {
      await w.close();
    }
  });
});

// Google Drive's imitation (written from Drive's documentation, with its faults) for a browser file
// whose server stores clips in Drive. Call `useDriveImitation` above `useRig`: the imitation runs
// before the rig's server starts and is closed after it stops; `driveEnv` is that server's storage
// setting.
import { afterAll, beforeAll } from 'vitest';
import { startDriveImitation, type DriveImitation, type DriveImitationOptions } from '@courtreplay/sync-server/testing/drive-imitation';
import { startedLater } from './rig.ts';

/** The running imitation (its files, upload sessions and faults to inject), once the file's set-up started it. */
export function useDriveImitation(options: Partial<DriveImitationOptions> = {}): DriveImitation {
  let running: DriveImitation | undefined;
  beforeAll(async () => {
    running = await startDriveImitation(options);
  });
  afterAll(async () => {
    await running?.close();
  });
  return startedLater(() => running, 'the Drive imitation is used before its set-up started it (call useDriveImitation above useRig)');
}

export { driveEnv } from '@courtreplay/sync-server/testing/drive-imitation';

// Each court's folder in CLIPS_DIR: shared's courtFolders, the rule the kiosk reads them back with
// (a name made safe on every system, never two courts in one folder). Kept in the recorder's
// state, so a renamed court's folder is renamed with it and its clips stay under it; if the folder
// cannot be moved (a file in it is open), its clips stay findable under the old name and new ones
// go to the new folder. A folder that cannot be written is found every 30 s, not by a mark.
import { courtFolders } from '@courtreplay/shared';
import { join } from 'node:path';
import type { ClipWriter } from './clip-writer.ts';
import type { Logger } from './log.ts';
import type { Platform } from './platform.ts';
import type { Setup } from './server.ts';
import type { RecorderState } from './state-store.ts';

export class CourtFolders {
  constructor(private readonly deps: { platform: Platform; clipsDir: string; writer: ClipWriter; log: Logger; state: RecorderState }) {}

  /** The court's folder name inside CLIPS_DIR. */
  of(fieldId: number): string {
    return this.deps.state.folders[String(fieldId)] ?? `Court ${fieldId}`;
  }

  /** Works the folders out from the setup, moving a renamed court's folder; the caller saves the state. */
  place(setup: Setup): void {
    const { fs } = this.deps.platform;
    const next = courtFolders(setup.courts.map((c) => ({ id: c.fieldId, name: c.name })));
    for (const [fieldId, folder] of next) {
      const before = this.deps.state.folders[String(fieldId)];
      if (!before || before === folder) continue;
      const court = setup.courts.find((c) => c.fieldId === fieldId)?.name ?? `Court ${fieldId}`;
      const from = join(this.deps.clipsDir, before);
      const to = join(this.deps.clipsDir, folder);
      if (!fs.exists(from) || fs.exists(to)) continue;
      try {
        fs.rename(from, to);
        this.deps.writer.moved(from, to);
        this.deps.log.info(`${court}: the court was renamed; its clips folder moved from ${from} to ${to}.`);
      } catch (error) {
        this.deps.log.warn(
          `${court}: the court was renamed, but ${from} could not be moved (${(error as Error).message}); its clips stay there, new ones go to ${to}.`,
        );
      }
    }
    this.deps.state.folders = Object.fromEntries([...next].map(([id, folder]) => [String(id), folder]));
  }

  /** Checks that each court's folder can be written: `problem` is told why not, or null. */
  check(courts: Iterable<[number, { setFolderProblem(problem: string | null): void }]>): void {
    for (const [fieldId, camera] of courts) {
      try {
        this.deps.writer.checkWritable(this.of(fieldId));
        camera.setFolderProblem(null);
      } catch (error) {
        camera.setFolderProblem((error as Error).message);
      }
    }
  }
}

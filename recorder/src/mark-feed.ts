// Taking the venue's marks from the sync server: a long poll kept open while the recorder runs.
// Each new mark is answered at once (cutting, or failed when its court has no camera here) and saved
// with the cursor that acknowledges it, so a restart neither loses a mark nor takes one twice.
import type { MarkFailureReason } from '@courtreplay/shared';
import type { Logger } from './log.ts';
import type { MarkReporter } from './mark-reporter.ts';
import type { Mark, MarkBook } from './marks.ts';
import type { WrittenClip } from './phone-clips.ts';
import { sleep, type Clock } from './platform.ts';
import { RevokedError, ServerAnswerError, UnreachableError, type ServerClient } from './server.ts';
import type { MarkReport, RecorderState } from './state-store.ts';

/** The pause before the marks (and their unsent states) are tried again. */
export const MARKS_RETRY_MS = 2_000;

export interface MarkFeedDeps {
  server: Pick<ServerClient, 'marks'>;
  state: RecorderState;
  save: () => void;
  book: MarkBook;
  reporter: Pick<MarkReporter, 'add'>;
  clock: Clock;
  log: Logger;
  /** Aborted when the recorder stops: ends the poll under way and the wait before the next one. */
  signal: AbortSignal;
  running: () => boolean;
  /** The server refused the recorder's token: the recorder stops. */
  revoked: (message: string) => Promise<void>;
  hasCamera: (fieldId: number) => boolean;
  courtName: (fieldId: number) => string;
  /** A clip already cut answers a later mark in its window too: it goes to the storage for that mark's phone. */
  clipWritten: (markIds: readonly number[], fieldId: number, clip: WrittenClip) => void;
}

/** Takes the marks until the recorder stops; an unreachable server is asked again after a pause. */
export async function followMarks(deps: MarkFeedDeps): Promise<void> {
  const { state, log } = deps;
  while (deps.running()) {
    try {
      const answer = await deps.server.marks(state.cursor, deps.signal);
      if (!deps.running()) return;
      const reports: MarkReport[] = [];
      for (const mark of answer.marks) reports.push(...takeMark(deps, mark));
      // The marks are saved with the cursor that acknowledges them, in one file, never after it:
      // if the disk refuses, neither moves on disk and the marks are cut from memory meanwhile.
      state.cursor = answer.cursor;
      try {
        deps.save();
      } catch (error) {
        log.error(`The recorder's state could not be saved (${(error as Error).message}); the marks are kept in memory.`);
      }
      deps.reporter.add(reports);
    } catch (error) {
      if (!deps.running()) return;
      if (error instanceof RevokedError) return deps.revoked(error.message);
      if (!(error instanceof UnreachableError || error instanceof ServerAnswerError)) {
        log.error(`The marks could not be taken: ${error instanceof Error ? error.message : String(error)}`);
      }
      await sleep(deps.clock, MARKS_RETRY_MS, deps.signal);
    }
  }
}

/** Books one mark from the server and says where it stands (nothing for a mark already booked). */
function takeMark(deps: MarkFeedDeps, mark: Mark): MarkReport[] {
  const { log } = deps;
  const name = deps.courtName(mark.fieldId);
  const failed = (reason: MarkFailureReason, message: string): MarkReport[] => [{ id: mark.id, state: 'failed', reason, message }];
  if (!deps.hasCamera(mark.fieldId)) {
    log.warn(`${name}: a mark at ${mark.at}, but the court has no camera here.`);
    return failed('no-camera', 'The court has no camera at this recorder.');
  }
  const added = deps.book.add(mark, deps.clock.now());
  switch (added.kind) {
    case 'new': {
      const w = added.window;
      log.info(`${name}: mark at ${mark.at}; cutting ${new Date(w.start).toISOString()} to ${new Date(w.end).toISOString()}.`);
      return [{ id: mark.id, state: 'cutting', reason: null, message: null }];
    }
    case 'joined':
      log.info(`${name}: a mark at ${mark.at} falls in the clip already asked for ${new Date(added.window.at).toISOString()}.`);
      return [{ id: mark.id, state: 'cutting', reason: null, message: null }];
    case 'answered':
      log.info(`${name}: a mark at ${mark.at} falls in the clip already cut for that moment.`);
      if (!added.clip) return [added.outcome];
      deps.clipWritten([mark.id], mark.fieldId, added.clip);
      return [];
    case 'known':
      return [];
    case 'invalid':
      return failed('cut-failed', `The mark's time "${mark.at}" is not a time.`);
  }
}

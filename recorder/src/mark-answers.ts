// What a mark taken from the server is answered at once: `cutting` when its window is new or joins
// one already asked for, the outcome of the clip already cut for that moment (a clip written goes
// on to this mark's phone too), or `failed` when the court has no camera here or its time is not one.
import type { MarkFailureReason } from '@courtreplay/shared';
import type { Logger } from './log.ts';
import type { Mark, MarkBook } from './marks.ts';
import type { WrittenClip } from './phone-clips.ts';
import type { MarkReport } from './state-store.ts';

export interface AnswerDeps {
  book: MarkBook;
  hasCamera(fieldId: number): boolean;
  courtName(fieldId: number): string;
  now(): number;
  log: Logger;
  /** A clip already written answers this mark too: it goes to the storage for this mark's phone. */
  clipWritten(markIds: readonly number[], fieldId: number, clip: WrittenClip): void;
}

export function answerMark(mark: Mark, deps: AnswerDeps): MarkReport[] {
  const name = deps.courtName(mark.fieldId);
  const failed = (reason: MarkFailureReason, message: string): MarkReport[] => [{ id: mark.id, state: 'failed', reason, message }];
  if (!deps.hasCamera(mark.fieldId)) {
    deps.log.warn(`${name}: a mark at ${mark.at}, but the court has no camera here.`);
    return failed('no-camera', 'The court has no camera at this recorder.');
  }
  const added = deps.book.add(mark, deps.now());
  switch (added.kind) {
    case 'new': {
      const w = added.window;
      deps.log.info(`${name}: mark at ${mark.at}; cutting ${new Date(w.start).toISOString()} to ${new Date(w.end).toISOString()}.`);
      return [{ id: mark.id, state: 'cutting', reason: null, message: null }];
    }
    case 'joined':
      deps.log.info(`${name}: a mark at ${mark.at} falls in the clip already asked for ${new Date(added.window.at).toISOString()}.`);
      return [{ id: mark.id, state: 'cutting', reason: null, message: null }];
    case 'answered':
      deps.log.info(`${name}: a mark at ${mark.at} falls in the clip already cut for that moment.`);
      if (!added.clip) return [added.outcome];
      deps.clipWritten([mark.id], mark.fieldId, added.clip);
      return [];
    case 'known':
      return [];
    case 'invalid':
      return failed('cut-failed', `The mark's time "${mark.at}" is not a time.`);
  }
}

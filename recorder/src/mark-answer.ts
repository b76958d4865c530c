// What the recorder answers the server for a mark it took, once the mark book placed it: a new
// window or one it joins is being cut, a window already cut answers with that clip's outcome, a
// mark seen before gets no second answer, and a time that is no time is refused.
import type { Added, Mark } from './marks.ts';
import type { MarkReport } from './state-store.ts';

/** The reports for `mark` placed as `added`; `note` logs a line about it. */
export function markAnswer(mark: Mark, added: Added, note: (line: string) => void): MarkReport[] {
  const cutting: MarkReport[] = [{ id: mark.id, state: 'cutting', reason: null, message: null }];
  switch (added.kind) {
    case 'new': {
      const w = added.window;
      note(`mark at ${mark.at}; cutting ${new Date(w.start).toISOString()} to ${new Date(w.end).toISOString()}.`);
      return cutting;
    }
    case 'joined':
      note(`a mark at ${mark.at} falls in the clip already asked for ${new Date(added.window.at).toISOString()}.`);
      return cutting;
    case 'answered':
      note(`a mark at ${mark.at} falls in the clip already cut for that moment.`);
      return [added.outcome];
    case 'known':
      return [];
    case 'invalid':
      return [{ id: mark.id, state: 'failed', reason: 'cut-failed', message: `The mark's time "${mark.at}" is not a time.` }];
  }
}

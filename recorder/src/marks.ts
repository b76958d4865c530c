// The marked moments the recorder was sent, from the tap to the clip: each mark asks for the window
// [mark - MARK_BEFORE_SECONDS, mark + MARK_AFTER_SECONDS]; a mark falling in a window already
// asked for (another phone, a second tap) joins it instead of cutting a second clip. A window is
// cut once the segment holding its end has closed, or a few seconds later from what exists when
// the camera went away meanwhile. The marks live in the recorder's state (state-store.ts), saved
// with the cursor that acknowledged them, so a mark received is cut after a crash too.
import type { Segment } from './buffer.ts';
import type { DoneMark, MarkReport, PendingMark, RecorderState } from './state-store.ts';

/** How long past its window a marked clip waits for video before it is cut from what exists. */
export const MARK_GRACE_MS = 8_000;
/** How long a cut window is remembered for the taps that fall in it later. */
const DONE_KEPT_MS = 10 * 60_000;

export interface Mark {
  id: number;
  fieldId: number;
  at: string;
}

export type Added =
  | { kind: 'new'; window: PendingMark }
  | { kind: 'joined'; window: PendingMark }
  | { kind: 'answered'; outcome: MarkReport; clip: DoneMark['clip'] }
  | { kind: 'known' }
  | { kind: 'invalid' };

export class MarkBook {
  constructor(
    private readonly state: RecorderState,
    private readonly window: { beforeMs: number; afterMs: number },
  ) {}

  /** A mark from the server, placed in a window (its own, or one that covers it). */
  add(mark: Mark, now: number): Added {
    const at = Date.parse(mark.at);
    if (!Number.isFinite(at)) return { kind: 'invalid' };
    if (this.state.marks.some((m) => m.ids.includes(mark.id))) return { kind: 'known' };
    const covers = (w: { fieldId: number; start: number; end: number }) => w.fieldId === mark.fieldId && w.start <= at && at <= w.end;
    const pending = this.state.marks.find(covers);
    if (pending) {
      pending.ids.push(mark.id);
      return { kind: 'joined', window: pending };
    }
    this.state.done = this.state.done.filter((d) => d.end > now - DONE_KEPT_MS);
    const done = this.state.done.find(covers);
    if (done) return { kind: 'answered', outcome: { ...done.outcome, id: mark.id }, clip: done.clip };
    const window: PendingMark = {
      ids: [mark.id],
      fieldId: mark.fieldId,
      at,
      start: at - this.window.beforeMs,
      end: at + this.window.afterMs,
    };
    this.state.marks.push(window);
    return { kind: 'new', window };
  }

  /**
   * The windows due now: taken out of the book (the caller queues their cut). `segmentsOf` gives a
   * court's segments; a court with none (no camera here) answers an empty list.
   */
  takeDue(now: number, segmentsOf: (fieldId: number) => readonly Segment[]): PendingMark[] {
    const due = this.state.marks.filter((m) => {
      if (now < m.end) return false;
      const complete = segmentsOf(m.fieldId).at(-1)?.end ?? -Infinity;
      return complete >= m.end || now >= m.end + MARK_GRACE_MS;
    });
    if (due.length) this.state.marks = this.state.marks.filter((m) => !due.includes(m));
    return due;
  }

  /** A window's clip was written (or given up): later taps in it get the same answer, and the same clip. */
  finished(window: Pick<DoneMark, 'fieldId' | 'start' | 'end'>, outcome: MarkReport, clip?: DoneMark['clip']): void {
    this.state.done.push({ fieldId: window.fieldId, start: window.start, end: window.end, outcome, ...(clip ? { clip } : {}) });
  }
}

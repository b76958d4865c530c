// Continuous clips: each court's segments gathered into a clip every CLIP_SECONDS. A gap in the
// video (the camera was away) ends the clip where its video ended, and so does the end of a
// camera's run: the last clip before an outage is cut when the outage starts, not when the camera
// comes back.
import type { Segment } from './buffer.ts';

/** Two segments further apart than this have a gap between them (the camera was away). */
export const GAP_MS = 1_500;

export class ContinuousClips {
  private readonly pending = new Map<number, Segment[]>();

  constructor(
    private readonly clipMs: number,
    /** Called with each clip's segments, in order, once it is complete. */
    private readonly emit: (fieldId: number, segments: Segment[]) => void,
  ) {}

  /** The segments a court had gathered before a restart (those after its last clip). */
  restore(fieldId: number, segments: readonly Segment[]): void {
    this.pending.set(fieldId, []);
    this.add(fieldId, segments);
  }

  add(fieldId: number, segments: readonly Segment[]): void {
    if (this.clipMs <= 0) return;
    const pending = this.pending.get(fieldId) ?? [];
    this.pending.set(fieldId, pending);
    for (const segment of segments) {
      const last = pending.at(-1);
      if (last && segment.start - last.end > GAP_MS) this.flush(fieldId);
      const now = this.pending.get(fieldId)!;
      now.push(segment);
      // A quarter of a second short is as good as whole: segments end on keyframes.
      if (now.at(-1)!.end - now[0]!.start >= this.clipMs - 250) this.flush(fieldId);
    }
  }

  /** Cuts what the court has gathered so far (its video stopped); answers whether there was any. */
  flush(fieldId: number): boolean {
    const segments = this.pending.get(fieldId) ?? [];
    this.pending.set(fieldId, []);
    if (segments.length) this.emit(fieldId, segments);
    return segments.length > 0;
  }

  /** How many segments wait for their clip, over all courts (the soak benchmark's check that nothing piles up). */
  get waiting(): number {
    let n = 0;
    for (const segments of this.pending.values()) n += segments.length;
    return n;
  }
}

// What the recorder must remember across a crash, in BUFFER_DIR/state.json, written whole to a
// temporary file and renamed over the old one (a kill -9 mid-write leaves the old one): the marks
// cursor together with the marks received and not yet cut (so a mark is never acknowledged before
// it is safe), the clips queued or being cut (cut after a restart, once), where each court's
// continuous clips got to, the marked clips' states the server has not heard yet, the folder each
// court's clips go to (a renamed court moves its folder), the marked clips on their way to the
// venue's storage (sent after a restart from where the storage stands, never twice), and the last
// setup the server gave (the cameras' addresses with their passwords, as the service's own
// settings hold its token).
import type { MarkClipState, MarkFailureReason, MarkFileKind, RecorderSetupResponse } from '@courtreplay/shared';
import type { RecorderFs } from './platform.ts';

/** A marked window waiting for its video: every mark id it answers (taps merged into it included). */
export interface PendingMark {
  ids: number[];
  fieldId: number;
  /** The first mark's instant, and the window it asks for, ms. */
  at: number;
  start: number;
  end: number;
}

/** A clip to cut: queued, or under way when the recorder stopped. */
export interface CutJob {
  kind: 'continuous' | 'marked';
  fieldId: number;
  /** The window, ms: a continuous clip's first and last segment; a marked clip's requested window. */
  start: number;
  end: number;
  /** The marks a marked clip answers. */
  markIds: number[];
  /** A continuous clip's segments (their times may still move a little as their run's anchor settles). */
  paths: string[];
  /** Tries that failed so far. */
  failures: number;
}

export interface MarkReport {
  id: number;
  state: MarkClipState;
  reason: MarkFailureReason | null;
  message: string | null;
  /** uploading: the clip's and the preview's bytes the storage took so far, of both together. */
  bytesSent?: number;
  bytesTotal?: number;
}

/** A marked clip (one mark's) on its way to the venue's storage: its preview made, then the preview and the clip sent. */
export interface UploadJob {
  markId: number;
  fieldId: number;
  /** The clip in CLIPS_DIR, and the wall time it covers (ms). */
  clip: string;
  start: number;
  end: number;
  /** The preview in BUFFER_DIR/previews once made; null when none could be made (the clip goes alone). */
  preview?: string | null;
  previewBytes?: number;
  clipBytes?: number;
  durationMs?: number;
  /** The files the storage holds whole. */
  sent: MarkFileKind[];
  /** Tries in a row that failed: the server or the storage busy or out of reach (waited out), and refusals (given up after a few). */
  failures: number;
  refusals: number;
  /** When the next try is due (ms). */
  dueAt: number;
}

/** A marked window already cut (or given up), for the taps that fall in it later. */
export interface DoneMark {
  fieldId: number;
  start: number;
  end: number;
  outcome: MarkReport;
  /** The clip written for it, which a later tap in the window gets too (on its phone). */
  clip?: { path: string; start: number; end: number };
}

export interface RecorderState {
  cursor?: string;
  /** Per court id, where the last continuous clip ended (ms), so a restart goes on from there. */
  lastClipEnd: Record<string, number>;
  marks: PendingMark[];
  jobs: CutJob[];
  reports: MarkReport[];
  done: DoneMark[];
  /** Per court id, the folder (inside CLIPS_DIR) its clips go to. */
  folders: Record<string, string>;
  /** The last setup the server gave: a recorder started while the server is out of reach records with it. */
  setup?: RecorderSetupResponse;
  uploads: UploadJob[];
}

const EMPTY: RecorderState = { lastClipEnd: {}, marks: [], jobs: [], reports: [], done: [], folders: {}, uploads: [] };

export class StateStore {
  readonly state: RecorderState;

  constructor(
    private readonly path: string,
    private readonly fs: RecorderFs,
  ) {
    this.state = this.read();
  }

  private read(): RecorderState {
    try {
      const parsed = JSON.parse(this.fs.readText(this.path)) as Partial<RecorderState>;
      return { ...structuredClone(EMPTY), ...parsed };
    } catch {
      return structuredClone(EMPTY);
    }
  }

  /** Writes the state; throws when the disk refuses (full, locked), the state in memory unchanged. */
  save(): void {
    const temp = `${this.path}.tmp`;
    this.fs.writeText(temp, JSON.stringify(this.state));
    this.fs.rename(temp, this.path);
  }
}

import type { Generated } from 'kysely';

/** A venue's recorder (migration 046): its bearer token is kept only as a SHA-256 hash. */
export interface RecorderTable {
  id: Generated<number>;
  venueId: number;
  name: string;
  tokenHash: string;
  createdAt: string;
  /** Its last status report (the heartbeat); null before the first. */
  lastSeenAt: string | null;
}

/** A camera's state as its recorder last reported it. */
export interface RecorderCameraTable {
  recorderId: number;
  fieldId: number;
  state: string;
  since: string | null;
  lastSegmentAt: string | null;
  bufferSeconds: number | null;
  message: string | null;
  reportedAt: string;
}

/** A time a camera was not recording: open (endedAt null) until a report says it records again. */
export interface RecorderOutageTable {
  id: Generated<number>;
  recorderId: number;
  fieldId: number;
  /** The last state of the outage (reconnecting, offline, unauthorized). */
  state: string;
  startedAt: string;
  endedAt: string | null;
  /** Why, as shared/src/camera-reasons.ts reads the recorder's message (migration 066); null when unknown. */
  reason: string | null;
  /** When the failure of the current state and reason began: the outage's start, or a later change of reason. */
  reasonSince: string | null;
}

/** An alert a recorder raised (the disk running low); resolved when a report no longer carries it. */
export interface RecorderAlertTable {
  id: Generated<number>;
  recorderId: number;
  code: string;
  message: string;
  firstAt: string;
  resolvedAt: string | null;
}

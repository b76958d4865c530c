import type { MarkClipState, MarkFailureReason } from '@courtreplay/shared';
import type { Generated } from 'kysely';

/** A moment a player marked on a court from their phone (migration 035); deleted after a day. */
export interface CourtMarkTable {
  id: Generated<number>;
  fieldId: number;
  /** The server's time of the tap, ISO 8601 UTC. */
  markedAt: string;
  /** SHA-256 of the phone's anonymous random cookie: one mark per 20 s per phone. */
  phoneKey: string;
  /** Where its clip stands (migration 063); null until the recorder or the server says. */
  clipState: MarkClipState | null;
  /** Why it failed, when it did. */
  clipReason: MarkFailureReason | null;
  /** The recorder's own words about a failure (masked, at most 500 characters). */
  clipMessage: string | null;
}

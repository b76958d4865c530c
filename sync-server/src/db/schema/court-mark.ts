import type { Generated } from 'kysely';

/** A moment a player marked on a court from their phone (migration 035); deleted after a day. */
export interface CourtMarkTable {
  id: Generated<number>;
  fieldId: number;
  /** The server's time of the tap, ISO 8601 UTC. */
  markedAt: string;
  /** SHA-256 of the phone's anonymous random cookie: one mark per 20 s per phone. */
  phoneKey: string;
}

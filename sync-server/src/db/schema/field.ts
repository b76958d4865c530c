import type { Generated } from 'kysely';

/** A court. The spec and the API call it a field. */
export interface FieldTable {
  id: Generated<number>;
  name: string;
  venueId: number;
  createdAt: string;
  /** The secret its "Mark this moment" poster links to (/c/{courtCode}, migration 035); null only before it is given one. */
  courtCode: string | null;
  /** Its IP camera's rtsp:// or rtsps:// address, password included (migration 045): only the venue's recorder receives it unmasked. */
  cameraUrl: string | null;
  /** Its camera's sub-stream address, password included (migration 067): recorded beside the main one for the phone's previews. */
  cameraSubUrl: string | null;
}

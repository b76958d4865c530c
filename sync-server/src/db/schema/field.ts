import type { Generated } from 'kysely';

/** A court. The spec and the API call it a field. */
export interface FieldTable {
  id: Generated<number>;
  name: string;
  venueId: number;
  createdAt: string;
}

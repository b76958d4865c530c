import type { Generated } from 'kysely';

export interface VenueTable {
  id: Generated<number>;
  name: string;
  location: string;
  createdAt: string;
}

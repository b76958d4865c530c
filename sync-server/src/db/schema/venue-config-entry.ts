/** A venue's override of a global pricing entry (migration 027); the global ones are in config_entries. */
export interface VenueConfigEntryTable {
  venueId: number;
  key: string;
  value: string;
  updatedAt: string;
}

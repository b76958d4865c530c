import type { KioskLanguage } from '@courtreplay/shared';
import type { ColumnType, Generated } from 'kysely';

export interface VenueTable {
  id: Generated<number>;
  name: string;
  location: string;
  /** The kiosks' starting language; 'en' unless set. */
  language: ColumnType<KioskLanguage, KioskLanguage | undefined, KioskLanguage>;
  createdAt: string;
}

import type { Migration } from 'kysely';
import { init001 } from './001-init.ts';
import { purchases002 } from './002-purchases.ts';

// Numbered migrations, never edited once landed; add a new file for every change.
export const migrations: Record<string, Migration> = {
  '001-init': init001,
  '002-purchases': purchases002,
};

import type { Migration } from 'kysely';

// Numbered migrations, never edited once landed; add a new file for every change.
export const migrations: Record<string, Migration> = {};

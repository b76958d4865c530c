// An Errors entry as a source gives it, before its id and resolution are known: its kind and facts,
// what it is about (`key`, hashed into its id) and when it resolved itself, if it did.
import type { ErrorEntry } from '@courtreplay/shared';

type Unresolved<E> = E extends ErrorEntry ? Omit<E, 'id' | 'resolvedAt' | 'resolvedBy'> : never;

export type ErrorDraft = Unresolved<ErrorEntry> & { key: string; resolvedItselfAt?: string | null };

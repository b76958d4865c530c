// The folder's failures, kept apart from folder-access.ts (which opens IndexedDB) so the clip
// loading machine and its unit tests need no browser storage.

/** Carries one of the spec's folder messages (section 8), shown verbatim. */
export class FolderAccessError extends Error {}

// Types of build-recorder.mjs for the TypeScript that imports it (the recorder download's tests).
/** Where `npm run build` writes the recorder's one file (sync-server/dist/recorder.mjs). */
export const RECORDER_OUTFILE: string;
/** Writes the recorder's one file to `outfile` and answers its size in bytes. */
export function buildRecorder(outfile?: string): Promise<number>;

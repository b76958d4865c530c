// Where the server's own files are. The server runs from TypeScript in development (sync-server/src)
// and from one compiled file in production (sync-server/dist/main.js): both sit one level under the
// server's folder, so every path is found from here the same way in both.
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The sync-server package folder (holds package.json, src/ and dist/). */
export const SERVER_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');

/** The repository: the built PWA (pwa/dist) and the committed API document (docs/) live here. */
export const REPO_ROOT = resolve(SERVER_ROOT, '..');

/** A file shipped beside the server's code, e.g. `serverFile('src/payments/assets/snap-simulator.js')`. */
export const serverFile = (path: string) => join(SERVER_ROOT, path);

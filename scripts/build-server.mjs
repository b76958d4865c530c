// Compiles the sync server into one plain JavaScript file, sync-server/dist/main.js, that `node` runs
// without a TypeScript loader: start-up and memory are those of plain Node. Our own code (the server
// and @courtreplay/shared) is bundled; every npm package stays an ordinary import from node_modules
// (better-sqlite3 is native, the others are loaded as their authors publish them).
import { build } from 'esbuild';
import { statSync } from 'node:fs';
import { buildRecorder, RECORDER_OUTFILE } from './build-recorder.mjs';

const OUTFILE = 'sync-server/dist/main.js';

/** npm packages stay external; only our workspaces are compiled in. */
const externalPackages = {
  name: 'external-packages',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) => (args.path.startsWith('@courtreplay/') ? undefined : { path: args.path, external: true }));
  },
};

await build({
  entryPoints: ['sync-server/src/main.ts'],
  outfile: OUTFILE,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: 'linked',
  legalComments: 'none',
  logLevel: 'warning',
  plugins: [externalPackages],
});
console.log(`server: ${OUTFILE} (${Math.round(statSync(OUTFILE).size / 1024)} KiB)`);
// Beside it, the recorder's one file the server offers to venues (GET /downloads/recorder.mjs).
console.log(`recorder: sync-server/dist/recorder.mjs (${Math.round((await buildRecorder(RECORDER_OUTFILE)) / 1024)} KiB)`);

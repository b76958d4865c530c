// Builds the venue's recorder into one file, sync-server/dist/recorder.mjs, which the server offers at
// GET /downloads/recorder.mjs: a venue's PC runs it with Node 22 and ffmpeg alone, from a folder
// holding only that file (no clone, no `npm ci`, no compiler; docs/cameras.md). Everything it
// imports is inside (its code, @courtreplay/shared and their npm packages); only Node's own modules
// are not. Nothing of the machine that builds it goes in (no define, no environment), so the same
// sources give the same file, and it holds no secret.
import { build } from 'esbuild';
import { readFileSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = dirname(dirname(fileURLToPath(import.meta.url)));
export const RECORDER_OUTFILE = join(ROOT, 'sync-server/dist/recorder.mjs');

const { version } = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8'));

// An older Node (a distribution's 18 or 20) is told plainly, before the code runs into what it
// lacks; a bundled CommonJS package that calls require() finds Node's own in an ES module.
const BANNER = [
  `// CourtReplay recorder ${version}: IP cameras (RTSP) in, the kiosk's clips out. Needs Node 22 and ffmpeg.`,
  '// Run it as the back-office shows (Devices, Add recorder): SERVER_URL, RECORDER_TOKEN and CLIPS_DIR set, then `node recorder.mjs`.',
  "if (Number(process.versions.node.split('.')[0]) < 22) {",
  '  console.error(`The CourtReplay recorder needs Node.js 22 or newer; this is Node.js ${process.version}. Install Node.js 22 LTS from nodejs.org.`);',
  '  process.exit(1);',
  '}',
  "import { createRequire as __courtreplayRequire } from 'node:module';",
  'const require = __courtreplayRequire(import.meta.url);',
].join('\n');

/** Writes the recorder's one file to `outfile` and answers its size in bytes. */
export async function buildRecorder(outfile = RECORDER_OUTFILE) {
  await build({
    entryPoints: [join(ROOT, 'recorder/src/main.ts')],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node22',
    banner: { js: BANNER },
    // The licence notices of the bundled packages travel with their code.
    legalComments: 'eof',
    logLevel: 'warning',
  });
  return statSync(outfile).size;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const outfile = process.argv[2] ?? RECORDER_OUTFILE;
  const size = await buildRecorder(outfile);
  console.log(`recorder: ${outfile.startsWith(ROOT) ? outfile.slice(ROOT.length + 1) : outfile} (${Math.round(size / 1024)} KiB)`);
}

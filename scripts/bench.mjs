// `npm run bench`: runs every benchmark (files named *.bench.ts under a bench/ folder) one after
// another. Benchmarks print figures and set no aims, but one that could not measure (a recorder
// that cut nothing) exits non-zero, and so does this run, naming it. Those about PostgreSQL get a
// throwaway cluster (scripts/postgres-cluster.mjs) through BENCH_POSTGRES_URL.
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { ensureSystemPackages, RTSP_CAMERA_PACKAGES } from './ensure-system-packages.mjs';
import { startThrowawayCluster } from './postgres-cluster.mjs';

// The full Chromium a player's kiosk and phone run (the tests use its headless shell, so `npm test`
// does not install it), and ffmpeg with GStreamer's RTSP server for the recorder's cameras.
ensureSystemPackages(['chromium', ...RTSP_CAMERA_PACKAGES]);

const files = readdirSync('.', { recursive: true })
  .map(String)
  .filter((f) => !f.includes('node_modules') && /(^|\/)bench\/[^/]+\.bench\.ts$/.test(f))
  .sort();
const filter = process.argv[2];
const failed = [];
for (const f of files.filter((f) => !filter || f.includes(filter))) {
  console.log(`\n### ${f}`);
  const cluster = f.includes('postgres') ? await startThrowawayCluster() : undefined;
  try {
    const run = spawnSync('npx', ['tsx', f], {
      stdio: 'inherit',
      env: { ...process.env, ...(cluster ? { BENCH_POSTGRES_URL: cluster.url } : {}) },
    });
    if (run.status !== 0) failed.push(f);
  } finally {
    cluster?.stop();
  }
}
if (failed.length) {
  console.log(`\nThese benchmarks could not measure (see their output above): ${failed.join(', ')}`);
  process.exit(1);
}

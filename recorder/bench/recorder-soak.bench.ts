// `npm run bench -- recorder-soak`: a simulated week of the recorder, to see that week two costs what
// day one does. The recorder runs whole (its timers, its buffer, its clips, its state, marks every
// ten minutes per court, reports to an imitation of the server) on the test platform: a clock that
// moves a second at a time as fast as the CPU allows, ffmpeg processes that close a segment a
// second, and the file system in memory (a week is millions of segments). Prints, for the first and
// the last day: the CPU per camera-hour (the recorder's and the simulation's, which costs the same
// every day) and the memory held; and what the buffer, the state and the manifest hold at the end.
import { runInNewContext } from 'node:vm';
import { setFlagsFromString } from 'node:v8';
import { createLogger } from '../src/log.ts';
import { fakeClock } from '../src/testing/fake-clock.ts';
import { testPlatform } from '../src/testing/fake-platform.ts';
import { memoryFs } from '../src/testing/memory-fs.ts';
import { runRecorder } from '../src/run.ts';
import { startFakeSyncServer } from '../test/support.ts';

const CAMERAS = Number(process.env.BENCH_SOAK_CAMERAS ?? 2);
const DAYS = Number(process.env.BENCH_SOAK_DAYS ?? 7);
/** Simulated seconds in a day (BENCH_SOAK_DAY_SECONDS shortens it, to look at the figures quickly). */
const DAY_SECONDS = Number(process.env.BENCH_SOAK_DAY_SECONDS ?? 86_400);

setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;

const start = Date.parse('2026-11-16T00:00:00Z');
// Lean: a week of timers back to back, I/O let through once a simulated second.
const clock = fakeClock(start, { lean: true });
const fs = memoryFs(clock.now);
const platform = testPlatform('linux', clock, fs);
platform.ffmpeg.clipsHoldLists = false;
platform.ffmpeg.remembers = false;
const courts = Array.from({ length: CAMERAS }, (_, i) => ({
  fieldId: i + 1,
  name: `Court ${i + 1}`,
  camera: { url: `rtsp://admin:pw@10.0.0.${i + 10}:554/Streaming/Channels/101` },
}));
const sync = await startFakeSyncServer({
  recorder: { id: 1, name: 'Soak', venueId: 1 },
  venue: { id: 1, name: 'Soak Arena', timeZone: 'Asia/Jakarta' },
  courts,
});
const config = {
  serverUrl: sync.url,
  token: sync.token,
  clipsDir: '/soak/clips',
  bufferDir: '/soak/buffer',
  bufferMinutes: 120,
  clipSeconds: 60,
  markBeforeSeconds: 25,
  markAfterSeconds: 5,
  keepDays: 2,
  minFreeMb: 1024,
  ffmpegPath: 'ffmpeg',
};
let errors = 0;
const { recorder } = await runRecorder(
  config,
  createLogger((line) => {
    if (/ error /.test(line)) errors++;
    if (process.env.BENCH_DEBUG) console.log(line);
  }, clock.now),
  platform,
);

/** Forgets ended recordings (a week of reconnects would pile up in the simulation, not the recorder). */
function running(): void {
  const recordings = platform.ffmpeg.recordings();
  recordings.splice(0, recordings.length, ...recordings.filter((p) => p.running));
}

interface Day {
  cpuMs: number;
  heapMb: number;
  diskMb: number;
}
const days: Day[] = [];
console.log(`Simulating ${DAYS} days of ${CAMERAS} cameras (1 s segments, a continuous clip a minute, a mark every 10 min per court)...`);
const wall = performance.now();
for (let day = 0; day < DAYS; day++) {
  const cpu = process.cpuUsage();
  for (let second = 0; second < DAY_SECONDS; second++) {
    await clock.advance(1_000);
    for (const p of platform.ffmpeg.recordings()) if (p.running) p.segment();
    if (second % 3600 === 0) running();
    if (second % 600 === 300) for (const court of courts) sync.mark(court.fieldId, new Date(clock.now()));
  }
  const used = process.cpuUsage(cpu);
  gc();
  // The recorder's memory: the heap less what the in-memory disk holds (a week-long segment list grows there, as on disk).
  days.push({
    cpuMs: (used.user + used.system) / 1000,
    heapMb: (process.memoryUsage().heapUsed - fs.bytes()) / 1e6,
    diskMb: fs.bytes() / 1e6,
  });
  console.log(
    `  day ${day + 1}: ${(days.at(-1)!.cpuMs / (DAY_SECONDS / 3600) / CAMERAS).toFixed(1)} ms of CPU per camera-hour, heap ${days.at(-1)!.heapMb.toFixed(1)} MB besides the ${days.at(-1)!.diskMb.toFixed(0)} MB the in-memory disk holds`,
  );
}
const segments = recorder.cameraStatuses().reduce((sum, c) => sum + (c.bufferSeconds ?? 0), 0);
const stateBytes = fs.files.get('/soak/buffer/state.json')?.length ?? 0;
const manifestLines = (fs.files.get('/soak/buffer/clips-written.jsonl')?.length ?? 0) / 60;
await recorder.stop();
await sync.close();

const first = days[0]!;
const last = days.at(-1)!;
console.log(`\n${CAMERAS} cameras, ${DAYS} simulated days in ${((performance.now() - wall) / 1000).toFixed(0)} s`);
console.log(
  `CPU per camera-hour: day 1 ${(first.cpuMs / (DAY_SECONDS / 3600) / CAMERAS).toFixed(1)} ms, day ${DAYS} ${(last.cpuMs / (DAY_SECONDS / 3600) / CAMERAS).toFixed(1)} ms (${((last.cpuMs / first.cpuMs) * 100).toFixed(0)}% of day 1; the simulation's own work included)`,
);
console.log(
  `Memory held: day 1 ${first.heapMb.toFixed(1)} MB, day ${DAYS} ${last.heapMb.toFixed(1)} MB (${((last.heapMb - first.heapMb) / CAMERAS).toFixed(2)} MB more per camera; the in-memory disk's files left out)`,
);
console.log(
  `At the end: ${Math.round(segments / CAMERAS / 60)} min of buffer per camera (BUFFER_MINUTES 120), state.json ${(stateBytes / 1024).toFixed(1)} KB, about ${Math.round(manifestLines)} clips in the manifest (KEEP_DAYS 2); ${errors} error line(s)`,
);
process.exit(0);

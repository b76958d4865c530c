// `npm run bench zip-readers`: what stalled "Download all" readers cost the server,
// and beside it what as many stalled single-clip readers (/p/{token}/clip/{n}) cost.
// The real server (child process, local storage, payment simulator) with 67 paid purchases of three
// 4 MB clips; 200 phones ask for a ZIP (3 per purchase, the most it allows at once) over real sockets
// and stop reading after the first bytes. Figures: the server's resident memory growth while they
// stall (aim: under 50 MB; before it was about 2 GB), the files it holds open, and what is
// left once they disconnect. Prints; never fails.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { clipOf, openFilesUnder, residentBytes, seedPaidPurchases, stalledReader } from '../src/testing/stalled-zips.ts';
import { BENCH_ADMIN, startServer } from './support.ts';

const READERS = Number(process.env.BENCH_ZIP_READERS ?? 200);
const CLIP_MB = Number(process.env.BENCH_CLIP_MB ?? 4);
const MB = 1024 * 1024;

const settle = (ms: number) => new Promise((done) => setTimeout(done, ms));

async function main() {
  const dataDir = mkdtempSync(join(tmpdir(), 'courtreplay-bench-zip-'));
  const server = await startServer(dataDir);
  const base = server.url;
  try {
    const purchases = Math.ceil(READERS / 3);
    const pages = await seedPaidPurchases(base, purchases, clipOf(CLIP_MB * MB), BENCH_ADMIN);
    await (await fetch(`${base}${pages[0]}/all.zip`)).arrayBuffer();
    const pid = server.child.pid!;
    await settle(1000);
    const before = residentBytes(pid);
    const readers = [];
    for (let i = 0; i < READERS; i++) readers.push(await stalledReader(base, `${pages[Math.floor(i / 3)]}/all.zip`));
    await settle(3000);
    const stalled = residentBytes(pid);
    const open = openFilesUnder(pid, join(dataDir, 'drive'));
    for (const { socket } of readers) socket.destroy();
    await settle(2000);
    const after = residentBytes(pid);
    const left = openFilesUnder(pid, join(dataDir, 'drive'));
    const mb = (bytes: number) => (bytes / MB).toFixed(1);
    console.log(`${READERS} stalled ZIP readers over ${purchases} purchases of 3 clips x ${CLIP_MB} MB, loopback, local storage`);
    console.log(`server memory growth while they stall: ${mb(stalled - before)} MB (aim: under 50 MB; about 2 GB before)`);
    console.log(`clip files held open while they stall: ${open} (one per reader at most)`);
    console.log(`after they disconnect: ${mb(after - before)} MB above the start, ${left} clip files open`);

    // The same number of phones, each asking for one clip and stalling: 3 per purchase, one per clip.
    const clipBefore = residentBytes(pid);
    const clipReaders = [];
    for (let i = 0; i < READERS; i++) clipReaders.push(await stalledReader(base, `${pages[Math.floor(i / 3)]}/clip/${(i % 3) + 1}`));
    await settle(3000);
    const clipStalled = residentBytes(pid);
    const clipOpen = openFilesUnder(pid, join(dataDir, 'drive'));
    const refused = clipReaders.filter((r) => r.status === 429).length;
    for (const { socket } of clipReaders) socket.destroy();
    await settle(2000);
    const clipLeft = openFilesUnder(pid, join(dataDir, 'drive'));
    console.log(`${READERS} stalled single-clip readers, 3 per purchase (${refused} answered 429)`);
    console.log(`server memory growth while they stall: ${mb(clipStalled - clipBefore)} MB (aim: under 50 MB)`);
    console.log(`clip files held open while they stall: ${clipOpen}; after they disconnect: ${clipLeft}`);
  } finally {
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();

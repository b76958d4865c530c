// `npm run bench upload`: upload throughput through a signed local-storage URL against a plain copy
// of the same bytes on the same disk (ratio), and the server's resident memory while it receives a
// 500 MB upload (it must stay flat: the body is streamed to disk). The server runs as a child
// process so its RSS is its own. Prints figures; never fails.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { copyFile } from 'node:fs/promises';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { LocalStorage } from '../src/adapters/local-storage.ts';
import { startServer } from './support.ts';
import type { ServerProcess } from '../../scripts/server-process.mjs';
import { installSecret } from '../src/adapters/install-secret.ts';
import { systemClock } from '../src/adapters/ports.ts';

const SIZE = Number(process.env.BENCH_UPLOAD_MB ?? 500) * 1024 * 1024;

function rssMb(pid: number): number {
  try {
    const kb = Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0);
    return kb / 1024;
  } catch {
    return 0;
  }
}

async function makeClip(path: string): Promise<void> {
  const block = randomBytes(1024 * 1024);
  const ftyp = Buffer.from([
    0, 0, 0, 24, 0x66, 0x74, 0x79, 0x70, 0x69, 0x73, 0x6f, 0x6d, 0, 0, 2, 0, 0x69, 0x73, 0x6f, 0x6d, 0x6d, 0x70, 0x34, 0x31,
  ]);
  const out = createWriteStream(path);
  out.write(Buffer.concat([ftyp, block.subarray(ftyp.length)]));
  for (let written = block.length; written < SIZE; written += block.length) {
    if (!out.write(block.subarray(0, Math.min(block.length, SIZE - written)))) await new Promise<void>((r) => out.once('drain', () => r()));
  }
  await new Promise<void>((r) => out.end(r));
}

/** The floor for any HTTP upload here: a bare node:http server (own process) piping the body to disk. */
const BARE_SERVER = `
const { createServer } = require('node:http');
const { createWriteStream } = require('node:fs');
const { pipeline } = require('node:stream');
const server = createServer((req, res) => pipeline(req, createWriteStream(process.argv[1]), (err) => { res.statusCode = err ? 500 : 201; res.end(); }));
server.listen(0, '127.0.0.1', () => console.log(server.address().port));
`;

async function bareUploadMs(dir: string, clip: string): Promise<number> {
  const child = spawn(process.execPath, ['-e', BARE_SERVER, join(dir, 'bare.bin')], { stdio: ['ignore', 'pipe', 'inherit'] });
  try {
    const port = await new Promise<number>((done) => child.stdout!.once('data', (d: Buffer) => done(Number(d.toString().trim()))));
    let fastest = Infinity;
    for (let i = 0; i < 3; i++) {
      const t = performance.now();
      await put(`http://127.0.0.1:${port}/`, clip);
      fastest = Math.min(fastest, performance.now() - t);
    }
    return fastest;
  } finally {
    child.kill();
    rmSync(join(dir, 'bare.bin'), { force: true });
  }
}

function put(url: string, file: string): Promise<number> {
  return new Promise((done, fail) => {
    const req = request(url, { method: 'PUT', headers: { 'Content-Type': 'video/mp4', 'Content-Length': String(SIZE) } }, (res) => {
      res.resume();
      res.on('end', () => done(res.statusCode ?? 0));
    });
    req.on('error', fail);
    createReadStream(file, { highWaterMark: 1024 * 1024 }).pipe(req);
  });
}

async function main() {
  const dir = mkdtempSync(join(tmpdir(), 'courtreplay-bench-'));
  const dataDir = join(dir, 'data');
  const clip = join(dir, 'clip.mp4');
  let server: ServerProcess | undefined;
  try {
    await makeClip(clip);
    server = await startServer(dataDir);
    const pid = server.child.pid!;
    // The bench signs its URL with the server's own install secret, as the create-folder and
    // get-signed-url routes would; the upload itself goes over HTTP to the server process.
    const storage = new LocalStorage({
      dataDir,
      secret: installSecret(dataDir),
      limitBytes: undefined,
      uploadUrlTtlMs: 3_600_000,
      clock: systemClock,
    });
    const base = server.url;

    // Plain copies of the same bytes on the same disk (best of three each: the machine is shared).
    const best = async (run: () => Promise<void>) => {
      let fastest = Infinity;
      for (let i = 0; i < 3; i++) {
        const t = performance.now();
        await run();
        fastest = Math.min(fastest, performance.now() - t);
        rmSync(join(dir, 'copy.mp4'), { force: true });
      }
      return fastest;
    };
    const copyFileMs = await best(() => copyFile(clip, join(dir, 'copy.mp4')));
    const streamCopyMs = await best(() => pipeline(createReadStream(clip), createWriteStream(join(dir, 'copy.mp4'))));
    const bareMs = await bareUploadMs(dir, clip);
    let t0: number;

    const idleRss = rssMb(pid);
    let peakRss = idleRss;
    const sampler = setInterval(() => (peakRss = Math.max(peakRss, rssMb(pid))), 25);
    const results: number[] = [];
    for (let round = 0; round < 3; round++) {
      const { folderId } = await storage.createFolder(`bench_${round}`, { baseUrl: base });
      const { uploadUrl } = await storage.createUploadUrl({
        folderId,
        filename: 'clip.mp4',
        mimeType: 'video/mp4',
        size: SIZE,
        origin: undefined,
        baseUrl: base,
      });
      t0 = performance.now();
      const status = await put(uploadUrl, clip);
      results.push(performance.now() - t0);
      if (status !== 201) console.log(`upload answered ${status}`);
      const stored = join(dataDir, 'drive', folderId, 'clip.mp4');
      if (statSync(stored).size !== SIZE) console.log('stored size differs!');
    }
    clearInterval(sampler);
    const uploadMs = Math.min(...results);
    const mb = SIZE / 1048576;
    const rate = (ms: number) => `${(mb / (ms / 1000)).toFixed(0)} MB/s`;
    console.log(`bytes: ${mb} MB (best of ${results.length} uploads)`);
    console.log(`plain copy (fs.copyFile):   ${copyFileMs.toFixed(0)} ms  ${rate(copyFileMs)}`);
    console.log(`plain copy (stream):        ${streamCopyMs.toFixed(0)} ms  ${rate(streamCopyMs)}`);
    console.log(`bare node:http PUT to disk: ${bareMs.toFixed(0)} ms  ${rate(bareMs)}  (the transport's floor)`);
    console.log(`signed-URL upload (HTTP):   ${uploadMs.toFixed(0)} ms  ${rate(uploadMs)}`);
    console.log(`ratio upload / stream copy: ${(streamCopyMs / uploadMs).toFixed(2)}  (aim >= 0.8)`);
    console.log(`ratio upload / copyFile:    ${(copyFileMs / uploadMs).toFixed(2)}`);
    console.log(`ratio upload / bare HTTP:   ${(bareMs / uploadMs).toFixed(2)}  (what our route, checks and signing cost)`);
    console.log(
      `server RSS: idle ${idleRss.toFixed(0)} MB, peak while receiving ${peakRss.toFixed(0)} MB (+${(peakRss - idleRss).toFixed(0)} MB for ${mb} MB received)`,
    );
  } finally {
    await server?.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((err: unknown) => {
  console.log(`upload bench could not run: ${String(err)}`);
});

// `npm run bench s3-delivery`: STORAGE=s3 (the figures) on the real server (child process)
// and a real S3-compatible server (s3rver, its own child process on loopback, objects on disk, with
// the imitation of the multipart calls it lacks in front, in a third process), so that neither our
// server nor this script shares an event loop with the bucket. Every request to the bucket, ours
// and the bench's own, passes the imitation, so the figures compare like with like.
// - Upload: the kiosk's 200 MB clip in presigned parts (get-signed-url, multipart/parts, a PUT per
//   part one after another as the kiosk sends them, multipart/complete: lib/multipart-upload.ts
//   itself), against a plain presigned PUT of the same bytes to the same server (ratio of
//   throughputs; aim at least 0.8); and that plain PUT against the AWS SDK's own PutObject.
// - Download: the phone page's clip (streamed by our server from the bucket) against a GET straight
//   from the bucket (ratio of the best of BENCH_ROUNDS each; aim at least 0.8), our server's CPU time
//   per download (what the extra hop costs, whatever else the machine runs) and its resident memory
//   while it streams.
// Prints; never fails.
import { GetObjectCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { S3RVER_KEYS, TEST_BUCKET } from '../src/adapters/testing/s3-server.ts';
import { multipartUpload, type MultipartPlan } from '../../pwa/src/lib/multipart-upload.ts';
import { clipBytes, freePort, repoRoot, saleClient, startServer } from './support.ts';

const CLIP_MB = Number(process.env.BENCH_CLIP_MB ?? 200);
const PRICE = 5000;
const DEVICE = 'bench-s3-delivery-kiosk';
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);

function rssMb(pid: number): number {
  try {
    return Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) / 1024;
  } catch {
    return 0;
  }
}

/** A process's CPU time so far (user and system), in ms: /proc/{pid}/stat counts it in 1/100 s. */
function cpuMs(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

async function drain(res: Response): Promise<number> {
  let bytes = 0;
  for await (const part of res.body as unknown as AsyncIterable<Uint8Array>) bytes += part.length;
  return bytes;
}

const mbPerSecond = (bytes: number, ms: number) => bytes / 1024 / 1024 / (ms / 1000);

/** s3rver's own command, in its own process; resolves once it answers. */
async function startBucket(directory: string): Promise<{ child: ChildProcess; endpoint: string }> {
  const port = await freePort();
  const child = spawn(
    join(repoRoot, 'node_modules/.bin/s3rver'),
    ['-d', directory, '-a', '127.0.0.1', '-p', String(port), '-s', '--configure-bucket', TEST_BUCKET],
    { stdio: 'ignore' },
  );
  const endpoint = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 100; i++) {
    if (
      await fetch(endpoint).then(
        () => true,
        () => false,
      )
    )
      return { child, endpoint };
    await new Promise((r) => setTimeout(r, 100));
  }
  child.kill();
  throw new Error('s3rver did not start');
}

/** The multipart imitation in its own process, in front of s3rver; resolves with its endpoint. */
async function startImitation(upstream: string): Promise<{ child: ChildProcess; endpoint: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', join(import.meta.dirname, 's3-imitation-process.ts'), upstream], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const [first] = (await once(child.stdout!, 'data')) as [Buffer];
  return { child, endpoint: first.toString().trim() };
}

async function main() {
  const bucketDir = mkdtempSync(join(tmpdir(), 'courtreplay-bench-bucket-'));
  const store = await startBucket(bucketDir);
  const bucket = await startImitation(store.endpoint);
  const env = { STORAGE: 's3', S3_BUCKET: TEST_BUCKET, S3_ENDPOINT: bucket.endpoint, S3_FORCE_PATH_STYLE: 'true', ...S3RVER_KEYS };
  const dataDir = mkdtempSync(join(tmpdir(), 'courtreplay-bench-s3-'));
  const server = await startServer(dataDir, { ...env, S3_PREFIX: 'bench/' });
  const base = server.url;
  const s3 = new S3Client({
    region: 'auto',
    endpoint: bucket.endpoint,
    forcePathStyle: true,
    requestChecksumCalculation: 'WHEN_REQUIRED',
    credentials: { accessKeyId: S3RVER_KEYS.S3_ACCESS_KEY_ID, secretAccessKey: S3RVER_KEYS.S3_SECRET_ACCESS_KEY },
  });
  try {
    const sales = saleClient(base);
    await sales.setUp([DEVICE], PRICE);
    const sale = await sales.purchase(DEVICE, 0, 1, PRICE);
    const clip = clipBytes(CLIP_MB);

    // Upload: the kiosk's parts (the server's calls timed too), a plain presigned PUT of the same
    // bytes, then the SDK's PutObject of them.
    const kiosk = { 'X-Device-Id': DEVICE };
    let started = performance.now();
    const target = await sales.json<{ uploadUrl: string; uploadKind?: string }>(
      'POST',
      '/google-drive/get-signed-url',
      { filename: 'clip-1.mp4', mimeType: 'video/mp4', size: clip.length, folderId: sale.folderId },
      kiosk,
    );
    if (target.uploadKind !== 'multipart') throw new Error(`a ${CLIP_MB} MB clip was not sent in parts: ${target.uploadKind}`);
    let partCount = 0;
    let completion = 0;
    await multipartUpload(target.uploadUrl, new Blob([clip]), {
      askParts: async (uploadUrl) => {
        const plan = await sales.json<MultipartPlan>('POST', '/storage/multipart/parts', { uploadUrl }, kiosk);
        partCount = plan.parts.length;
        return plan;
      },
      complete: async (uploadUrl) => {
        const asked = performance.now();
        await sales.json('POST', '/storage/multipart/complete', { uploadUrl }, kiosk);
        completion = performance.now() - asked;
      },
    });
    const inParts = performance.now() - started;

    const plainUrl = await getSignedUrl(
      s3,
      new PutObjectCommand({ Bucket: TEST_BUCKET, Key: 'bench-direct/plain.mp4', ContentType: 'video/mp4', ContentLength: clip.length }),
      { expiresIn: 600, signableHeaders: new Set(['content-type', 'content-length']) },
    );
    started = performance.now();
    const put = await fetch(plainUrl, { method: 'PUT', body: clip, headers: { 'Content-Type': 'video/mp4' } });
    await put.arrayBuffer();
    if (!put.ok) throw new Error(`presigned PUT: ${put.status}`);
    const presigned = performance.now() - started;
    started = performance.now();
    await s3.send(new PutObjectCommand({ Bucket: TEST_BUCKET, Key: 'bench-direct/clip.mp4', Body: clip, ContentType: 'video/mp4' }));
    const direct = performance.now() - started;

    // Download: the phone page through our server, then straight from the bucket, in alternation
    // ROUNDS times; the fastest of each counts (the one least slowed by the machine's other work),
    // and our server's CPU time per download, which other processes barely change.
    await sales.notifyPaid(sale.paymentToken);
    const state = (await (await fetch(`${base}${sale.phonePage}/state`)).json()) as { clips: { url: string }[] };
    const idleRss = rssMb(server.child.pid!);
    let peakRss = idleRss;
    let throughServer = Infinity;
    let straight = Infinity;
    const serverCpu: number[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      const sampler = setInterval(() => (peakRss = Math.max(peakRss, rssMb(server.child.pid!))), 25);
      const cpuBefore = cpuMs(server.child.pid!);
      started = performance.now();
      const viaServer = await drain(await fetch(`${base}${state.clips[0]!.url}`));
      throughServer = Math.min(throughServer, performance.now() - started);
      serverCpu.push(cpuMs(server.child.pid!) - cpuBefore);
      clearInterval(sampler);
      started = performance.now();
      const got = await s3.send(new GetObjectCommand({ Bucket: TEST_BUCKET, Key: 'bench-direct/clip.mp4' }));
      let fromBucket = 0;
      for await (const part of got.Body as AsyncIterable<Uint8Array>) fromBucket += part.length;
      straight = Math.min(straight, performance.now() - started);
      if (viaServer !== clip.length || fromBucket !== clip.length) throw new Error('a download came back short');
    }
    const medianCpu = serverCpu.sort((x, y) => x - y)[Math.floor(serverCpu.length / 2)]!;

    const line = (label: string, bytes: number, ms: number) =>
      `${label}: ${mbPerSecond(bytes, ms).toFixed(0)} MB/s (${(ms / 1000).toFixed(2)} s)`;
    console.log(
      `one ${CLIP_MB} MB clip, loopback; s3rver (objects on disk), its multipart imitation and our server each in their own process`,
    );
    console.log(line(`upload, the kiosk's presigned parts (${partCount}, with our server's calls)`, clip.length, inParts));
    console.log(line('upload, a plain presigned PUT of the same bytes', clip.length, presigned));
    console.log(`upload in parts against the plain PUT: ratio ${(presigned / inParts).toFixed(2)} (aim: at least 0.8)`);
    console.log(
      `  of which completion (the store joins the parts): ${(completion / 1000).toFixed(2)} s; ` +
        `the parts alone against the plain PUT: ratio ${(presigned / (inParts - completion)).toFixed(2)}`,
    );
    console.log(line('upload, the SDK PutObject of the same bytes', clip.length, direct));
    console.log(`plain presigned PUT against the SDK PutObject: ratio ${(direct / presigned).toFixed(2)}`);
    console.log(line(`download, phone page through our server (best of ${ROUNDS})`, clip.length, throughServer));
    console.log(line(`download, GET straight from the bucket (best of ${ROUNDS})`, clip.length, straight));
    console.log(`download ratio: ${(straight / throughServer).toFixed(2)} (aim: at least 0.8)`);
    console.log(`our server's CPU time per download: ${medianCpu.toFixed(0)} ms (median of ${ROUNDS})`);
    console.log(`our server's memory while streaming: ${idleRss.toFixed(0)} MB before, ${peakRss.toFixed(0)} MB at most`);
  } finally {
    await server.stop();
    s3.destroy();
    bucket.child.kill();
    store.child.kill();
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(bucketDir, { recursive: true, force: true });
  }
}

await main();

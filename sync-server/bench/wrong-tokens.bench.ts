// `npm run bench -- wrong-tokens`: the real server (child process) while 300 loops send wrong
// recorder and kiosk tokens from three addresses (behind the trusted proxy) as fast as they are
// answered, beside 300 valid long-polls of 30 recorders. The loops and the long-polls run in a
// process of their own, so that GET /api/health is timed from an idle one. Prints the health
// check quiet (the long-polls waiting) and during the flood, the server's memory, how the wrong
// tokens were answered, and how long a mark took to reach its venue's waiting recorder during the
// flood. Aim: health within 3 times its quiet time, memory within +50 MB, the mark delivered.
// Prints; never fails. BENCH_FLOOD_SECONDS (20) sets the flood's length, BENCH_LOOPS (300) its loops.
import { fork } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { BENCH_ADMIN, startServer, summary } from './support.ts';

const LOOPS = Number(process.env.BENCH_LOOPS ?? 300);
const RECORDERS = 30;
const POLLS_PER_RECORDER = 10;
const FLOOD_MS = Number(process.env.BENCH_FLOOD_SECONDS ?? 20) * 1000;
const FLOOD_ADDRESSES = ['198.51.100.1', '198.51.100.2', '198.51.100.3'];

/** One request on `agent`'s kept-alive sockets: its status and body. */
function call(
  agent: Agent,
  url: string,
  options: { method?: string; headers?: Record<string, string>; body?: string } = {},
): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request(url, { agent, method: options.method ?? 'GET', headers: options.headers }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(options.body);
  });
}

interface Load {
  base: string;
  tokens: string[];
}

interface LoadReport {
  statuses: Record<string, number>;
  seconds: number;
  polls: { answered: number; refused: number; failed: number };
  markSeenAt?: number;
}

/** The load process: the valid long-polls, then (on 'flood') the wrong tokens, until 'stop'. */
async function runLoad({ base, tokens }: Load): Promise<void> {
  const send = (message: unknown) => process.send!(message);
  const floodAgent = new Agent({ keepAlive: true, maxSockets: Math.max(1, LOOPS) });
  const pollAgent = new Agent({ keepAlive: true, maxSockets: RECORDERS * POLLS_PER_RECORDER });
  let polling = true;
  let flooding = false;
  const polls = { answered: 0, refused: 0, failed: 0 };
  let markSeenAt: number | undefined;
  const pollLoop = async (token: string, watch: boolean) => {
    const headers = { Authorization: `Bearer ${token}` };
    let cursor: string | undefined;
    while (polling) {
      try {
        const res = await call(pollAgent, `${base}/api/recorder/marks${cursor === undefined ? '' : `?after=${cursor}`}`, { headers });
        if (res.status !== 200) {
          polls.refused += 1;
          continue;
        }
        const answer = JSON.parse(res.body) as { cursor: string; marks: unknown[] };
        if (cursor !== undefined) polls.answered += 1;
        cursor = answer.cursor;
        if (watch && answer.marks.length) markSeenAt ??= Date.now();
      } catch {
        polls.failed += 1;
      }
    }
  };
  const pollers = tokens.flatMap((token, r) => Array.from({ length: POLLS_PER_RECORDER }, (_, i) => pollLoop(token, r === 0 && i === 0)));

  const statuses: Record<string, number> = {};
  const floodLoop = async (n: number) => {
    const from = FLOOD_ADDRESSES[n % FLOOD_ADDRESSES.length]!;
    for (let i = 0; flooding; i++) {
      const kiosk = (n + i) % 3 === 0;
      const headers: Record<string, string> = kiosk
        ? { 'X-Device-Id': `wrong-device-${n}-${i}-aaaaaaaaaaaa`, 'X-Forwarded-For': from }
        : { Authorization: `Bearer wrong-token-${n}-${i}`, 'X-Forwarded-For': from };
      const status = await call(floodAgent, `${base}${kiosk ? '/api/staff-pin' : '/api/recorder/marks?after=0'}`, { headers }).then(
        (res) => res.status,
        () => 0,
      );
      statuses[status] = (statuses[status] ?? 0) + 1;
    }
  };
  let flood: Promise<void[]> | undefined;
  let started = 0;
  process.on('message', (message) => {
    if (message === 'flood') {
      flooding = true;
      started = performance.now();
      flood = Promise.all(Array.from({ length: LOOPS }, (_, n) => floodLoop(n)));
    } else if (message === 'stop') {
      flooding = false;
      const seconds = (performance.now() - started) / 1000;
      void (flood ?? Promise.resolve()).then(() => {
        send({ statuses, seconds, polls, markSeenAt } satisfies LoadReport);
        polling = false;
        // The long-polls end with their hold; nothing more is measured.
        void Promise.race([Promise.all(pollers), new Promise((resolve) => setTimeout(resolve, 30_000))]).then(() => process.exit(0));
      });
    }
  });
  send('ready');
}

/** The server's resident memory (MB), from /proc. */
function rssMb(pid: number): number {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8')
    .split('\n')
    .find((l) => l.startsWith('VmRSS:'));
  return Number(/\d+/.exec(line ?? '')?.[0] ?? 0) / 1024;
}

async function healthSamples(base: string, agent: Agent, ms: number, onSample: () => void = () => {}): Promise<number[]> {
  const samples: number[] = [];
  const deadline = performance.now() + ms;
  while (performance.now() < deadline) {
    const started = performance.now();
    const res = await call(agent, `${base}/api/health`);
    if (res.status !== 200) throw new Error(`health answered ${res.status}`);
    samples.push(performance.now() - started);
    onSample();
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return samples;
}

async function main() {
  const dataDir = mkdtempSync(join(tmpdir(), 'courtreplay-bench-tokens-'));
  const server = await startServer(dataDir, { TRUSTED_PROXIES: '127.0.0.1', LOG_LEVEL: 'info' });
  const base = server.url;
  const probe = new Agent({ keepAlive: true, maxSockets: 1 });
  const json = async <T>(method: string, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<T> => {
    const res = await call(probe, `${base}/api${path}`, {
      method,
      headers: { ...(body === undefined ? {} : { 'Content-Type': 'application/json' }), ...headers },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    if (res.status >= 300) throw new Error(`${method} ${path}: ${res.status} ${res.body}`);
    return (res.body ? JSON.parse(res.body) : undefined) as T;
  };
  let load: ReturnType<typeof fork> | undefined;
  try {
    const { token } = await json<{ token: string }>('POST', '/admin/login', BENCH_ADMIN, { 'X-Forwarded-For': '203.0.113.9' });
    const admin = { Authorization: `Bearer ${token}` };
    const tokens: string[] = [];
    let markPath = '';
    for (let v = 0; v < RECORDERS; v++) {
      const { venue } = await json<{ venue: { id: number } }>('POST', '/venue/create', { name: `Arena ${v}`, location: 'Jakarta' }, admin);
      const { field } = await json<{ field: { id: number } }>('POST', '/field/create', { venueId: venue.id, name: 'Court 1' }, admin);
      await json('PUT', `/field/${field.id}/camera`, { url: 'rtsp://admin:secret@192.168.1.64:554/Streaming/Channels/101' }, admin);
      tokens.push((await json<{ token: string }>('POST', '/admin/recorders', { venueId: venue.id, name: `Recorder ${v}` }, admin)).token);
      if (v === 0) {
        const fields = await json<{ markUrl: string | null }[]>('GET', `/field/venue/${venue.id}`, undefined, admin);
        markPath = `${new URL(fields[0]!.markUrl!).pathname}/mark`;
      }
    }
    const idleRss = rssMb(server.child.pid!);

    load = fork(import.meta.filename, [], {
      execArgv: ['--import', 'tsx'],
      env: { ...process.env, BENCH_WRONG_TOKENS_LOAD: JSON.stringify({ base, tokens } satisfies Load) },
    });
    const messages: unknown[] = [];
    const next = () =>
      new Promise<unknown>((resolve) => {
        const check = () => (messages.length ? resolve(messages.shift()) : setTimeout(check, 50));
        check();
      });
    load.on('message', (m) => messages.push(m));
    await next(); // ready: the long-polls are waiting
    await new Promise((resolve) => setTimeout(resolve, 2000));
    const quiet = await healthSamples(base, probe, 5000);
    const quietRss = rssMb(server.child.pid!);

    load.send('flood');
    // Let the flood reach its pace before measuring.
    await new Promise((resolve) => setTimeout(resolve, 3000));
    let peakRss = rssMb(server.child.pid!);
    const during = await healthSamples(base, probe, FLOOD_MS / 2, () => (peakRss = Math.max(peakRss, rssMb(server.child.pid!))));
    const markPostedAt = Date.now();
    const markStatus = (
      await call(probe, `${base}${markPath}`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded', 'X-Forwarded-For': '203.0.113.50' },
        body: 'lang=en',
      })
    ).status;
    during.push(...(await healthSamples(base, probe, FLOOD_MS / 2, () => (peakRss = Math.max(peakRss, rssMb(server.child.pid!))))));
    load.send('stop');
    const report = (await next()) as LoadReport;

    const q = summary(quiet);
    const d = summary(during);
    const ms = (n: number) => `${n.toFixed(1)} ms`;
    const answered = Object.values(report.statuses).reduce((a, b) => a + b, 0);
    console.log(
      `${LOOPS} loops of wrong recorder and kiosk tokens from ${FLOOD_ADDRESSES.length} addresses, beside ${RECORDERS * POLLS_PER_RECORDER} valid long-polls`,
    );
    console.log(`GET /api/health quiet (long-polls waiting): median ${ms(q.median)}, p95 ${ms(q.p95)}`);
    console.log(
      `GET /api/health during the flood: median ${ms(d.median)}, p95 ${ms(d.p95)}, max ${ms(d.max)} (${during.length} checks; aim: within 3x quiet)`,
    );
    console.log(
      `server memory: ${idleRss.toFixed(0)} MB idle, ${quietRss.toFixed(0)} MB with the long-polls, ${peakRss.toFixed(0)} MB at most during the flood (+${(peakRss - quietRss).toFixed(0)} MB; aim +50 MB)`,
    );
    console.log(
      `wrong tokens answered: ${(answered / report.seconds).toFixed(0)} a second (${Object.entries(report.statuses)
        .map(([s, n]) => `${n} x ${s}`)
        .join(', ')})`,
    );
    const seen = report.markSeenAt === undefined ? 'never' : ms(report.markSeenAt - markPostedAt);
    console.log(
      `valid long-polls: ${report.polls.answered} answered, ${report.polls.refused} refused, ${report.polls.failed} failed; a mark (answered ${markStatus}) reached its recorder in ${seen}`,
    );
  } catch (err) {
    console.error(`the server's last output:\n${server.output().slice(-3000)}`);
    throw err;
  } finally {
    load?.kill();
    probe.destroy();
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (process.env.BENCH_WRONG_TOKENS_LOAD) await runLoad(JSON.parse(process.env.BENCH_WRONG_TOKENS_LOAD) as Load);
else await main();

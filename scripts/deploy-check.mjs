// Proves docs/deploy.md on this machine: two instances of the compiled server, started as
// deploy/courtreplay.service starts them, on one PostgreSQL database behind Debian's Caddy running
// deploy/Caddyfile, with Caddy's internal certificate authority standing in for a public one. A
// kiosk's whole purchase runs through HTTPS; instance A is stopped unannounced in the middle of it
// (Caddy's health check fails over to B) and restarted; B then goes through the guide's rolling
// upgrade (drained in Caddy, stopped, started, put back) while a second purchase runs on A. Last,
// the database is backed up with pg_dump and restored with pg_restore. Then the same Caddy is pointed
// at two more instances, C and D, that share nothing but a second database and an S3 bucket (s3rver,
// STORAGE=s3, each its own DATA_DIR): a purchase's upload URL is asked on C, C is stopped, the clip
// goes to the bucket and the purchase is finished on D, which delivers it (C and D start in the
// background during A's failover, which mostly waits on Caddy). Every process it starts is
// stopped and every temporary folder deleted, also on failure and on Ctrl-C.
//
//   node scripts/deploy-check.mjs             builds first when a build output is missing or older than the sources
//   node scripts/deploy-check.mjs --no-build  runs sync-server/dist and pwa/dist as they are
//   node scripts/deploy-check.mjs --keep      keeps the work folder (logs, DATA_DIR, Caddyfile, dump) afterwards
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createWriteStream, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import https from 'node:https';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import yauzl from 'yauzl';
import { ensureSystemPackages, postgresBinDir } from './ensure-system-packages.mjs';
import { startThrowawayCluster } from './postgres-cluster.mjs';
import { freePort } from './ports.mjs';
import { corsXml, startS3Server } from './s3-server.mjs';

const REPO = resolve(import.meta.dirname, '..');
const ADMIN = { email: 'owner@example.com', password: randomBytes(12).toString('base64url') };
const DB_ROLE = 'courtreplay';
const POOL_SIZE = 10;
const PRICE = 25_000;
/** The resumable upload's unit: every chunk but the last is a multiple of 256 KiB. */
const CHUNK = 256 * 1024;
const SECURITY_HEADERS = [
  'strict-transport-security',
  'content-security-policy',
  'x-content-type-options',
  'x-frame-options',
  'referrer-policy',
];

// ---------------------------------------------------------------- clean-up and the report

/** What to undo, newest first: Caddy, the instances, PostgreSQL, then the temporary folder. */
const undo = [];
/** Set on Ctrl-C, while the clean-up runs: the steps it cuts short are not failures to report. */
let interrupted = false;

async function cleanUp() {
  while (undo.length > 0) {
    const action = undo.pop();
    try {
      await action();
    } catch (err) {
      console.error(`  clean-up: ${err instanceof Error ? err.message : err}`);
    }
  }
}

/** Which step each call through Caddy belonged to, to tell at the end which instance answered it. */
const calls = [];
let currentStep = '';

/**
 * Runs one step of the check and prints it with its time. `note` adds a detail to the step's line.
 * @template T
 * @param {string} name
 * @param {(note: (text: string) => void) => Promise<T> | T} run
 * @returns {Promise<T>}
 */
async function step(name, run) {
  currentStep = name;
  const started = performance.now();
  const notes = [];
  try {
    const value = await run((text) => notes.push(text));
    console.log(`  ok  ${seconds(started).padStart(6)}  ${name}${notes.length ? `: ${notes.join('; ')}` : ''}`);
    return value;
  } catch (err) {
    if (!interrupted) console.log(`  FAIL ${seconds(started).padStart(5)}  ${name}`);
    throw err;
  }
}

const seconds = (since) => `${((performance.now() - since) / 1000).toFixed(1)} s`;

function check(condition, message) {
  if (!condition) throw new Error(message);
}

/** Waits for `test` to give a truthy value, trying every `interval` ms for at most `timeoutMs`. */
async function poll(what, timeoutMs, test, interval = 200) {
  const deadline = Date.now() + timeoutMs;
  let lastError;
  for (;;) {
    try {
      const value = await test();
      if (value) return value;
    } catch (err) {
      lastError = err;
    }
    if (Date.now() > deadline) {
      throw new Error(`gave up after ${timeoutMs / 1000} s waiting for ${what}${lastError ? ` (last error: ${lastError.message})` : ''}`);
    }
    await new Promise((done) => setTimeout(done, interval));
  }
}

// ---------------------------------------------------------------- processes

/**
 * A child process whose output goes to a log file and is kept to wait on. Detached (its own
 * process group), so a Ctrl-C reaches only this script, which then stops everything in order.
 */
function startProcess(name, command, args, { env, cwd, logFile }) {
  const child = spawn(command, args, { env, cwd, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
  const log = createWriteStream(logFile, { flags: 'a' });
  let output = '';
  for (const stream of [child.stdout, child.stderr]) {
    stream.on('data', (data) => {
      output += data;
      log.write(data);
    });
  }
  const closed = new Promise((done) => child.once('close', (code, signal) => done({ code, signal })));
  void closed.then(() => log.end());
  const running = () => child.exitCode === null && child.signalCode === null;
  return {
    name,
    logFile,
    output: () => output,
    /** Resolves once the output from offset `since` on matches `pattern`; fails when the process exits first or time runs out. */
    waitFor(pattern, timeoutMs, since = 0) {
      return new Promise((ready, fail) => {
        const done = (err) => {
          clearTimeout(timer);
          child.stdout.off('data', look);
          child.stderr.off('data', look);
          child.off('exit', exited);
          if (err) fail(err);
          else ready(undefined);
        };
        const look = () => pattern.test(output.slice(since)) && done();
        const exited = (code, signal) => done(new Error(`${name} exited (${signal ?? code}) before logging ${pattern}; see ${logFile}`));
        const timer = setTimeout(
          () => done(new Error(`${name} did not log ${pattern} within ${timeoutMs / 1000} s; see ${logFile}`)),
          timeoutMs,
        );
        child.stdout.on('data', look);
        child.stderr.on('data', look);
        child.once('exit', exited);
        look();
      });
    },
    /** SIGTERM, as systemd stops a unit; SIGKILL only if it is still running after `timeoutMs`. */
    async stop(timeoutMs = 15_000) {
      if (running()) {
        child.kill('SIGTERM');
        const timer = setTimeout(() => running() && child.kill('SIGKILL'), timeoutMs);
        const result = await closed;
        clearTimeout(timer);
        return result;
      }
      return closed;
    },
  };
}

/** Runs a program to completion; its output is returned, or shown in the error when it fails. */
function run(program, args, options = {}) {
  const result = spawnSync(program, args, { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024, ...options });
  if (result.status !== 0) {
    const output = `${result.stdout ?? ''}${result.stderr ?? ''}`.trim().split('\n').slice(-30).join('\n');
    throw new Error(`${program} ${args.join(' ')} failed (${result.error?.message ?? result.signal ?? result.status}):\n${output}`);
  }
  return result.stdout;
}

// ---------------------------------------------------------------- PostgreSQL

/** psql from the cluster's own version, stopping at the first error. */
function psql(url, args) {
  return run(join(postgresBinDir(), 'psql'), ['-X', '-v', 'ON_ERROR_STOP=1', `--dbname=${url}`, ...args]);
}

/** The guide's role and database: a role that owns its database, so its migrations may create pg_trgm. */
function createRoleAndDatabase(cluster, name) {
  const password = randomBytes(12).toString('hex');
  psql(cluster.url, ['-c', `CREATE ROLE ${DB_ROLE} LOGIN PASSWORD '${password}'`, '-c', `CREATE DATABASE ${name} OWNER ${DB_ROLE}`]);
  return databaseUrl(cluster, name, password);
}

const databaseUrl = (cluster, name, password) => `postgres://${DB_ROLE}:${password}@127.0.0.1:${cluster.port}/${name}`;

// ---------------------------------------------------------------- build

/** Why a build is needed (an output missing or older than a source file), or undefined. */
function staleBuild() {
  const outputs = ['sync-server/dist/main.js', 'pwa/dist/index.html'].map((file) => join(REPO, file));
  const missing = outputs.find((file) => !existsSync(file));
  if (missing) return `${missing} is missing`;
  const builtAt = Math.min(...outputs.map((file) => statSync(file).mtimeMs));
  for (const dir of ['shared/src', 'sync-server/src', 'pwa/src', 'pwa/public']) {
    const root = join(REPO, dir);
    if (!existsSync(root)) continue;
    for (const name of readdirSync(root, { recursive: true, encoding: 'utf8' })) {
      if (/\.test\.tsx?$/.test(name)) continue;
      const stat = statSync(join(root, name));
      if (stat.isFile() && stat.mtimeMs > builtAt) return `${dir}/${name} is newer than the build`;
    }
  }
  return undefined;
}

// ---------------------------------------------------------------- the server instances

/**
 * ExecStart= and Environment= of deploy/courtreplay.service for the instance on `port` (%i), so the
 * instances run exactly the unit's command line and settings.
 */
function unitOf(text, port) {
  const exec = /^ExecStart=(\S+) (.+)$/m.exec(text);
  check(exec, 'deploy/courtreplay.service has no ExecStart= line');
  const environment = [...text.matchAll(/^Environment=(\w+)=(.*)$/gm)].map(([, name, value]) => [
    name,
    value.replaceAll('%i', String(port)),
  ]);
  // The unit runs the release's own Node (/opt/courtreplay/node_modules/.bin/node): here, this repository's.
  const program = exec[1].replace(/^\/opt\/courtreplay\//, `${REPO}/`);
  // systemd's SIGKILL deadline: the instance is held to the same one here.
  const stopTimeout = /^TimeoutStopSec=(\d+)$/m.exec(text);
  check(stopTimeout, 'deploy/courtreplay.service has no TimeoutStopSec= line');
  return {
    program,
    args: exec[2].split(' '),
    environment: Object.fromEntries(environment),
    stopTimeoutMs: Number(stopTimeout[1]) * 1000,
  };
}

/**
 * One instance of the compiled server as systemd runs it: the unit's ExecStart=, its file argument
 * taken from the repository (the unit's WorkingDirectory), with the unit's Environment= and, winning
 * over them as EnvironmentFile= does, `envFile` (the guide's /etc/courtreplay.env). It runs in the
 * work folder, so a developer's .env in the repository stays out of it. Its output over every
 * (re)start is kept, to find which requests it answered.
 */
function serverInstance(label, port, envFile, work) {
  const unit = unitOf(readFileSync(join(REPO, 'deploy/courtreplay.service'), 'utf8'), port);
  const runs = [];
  return {
    label,
    port,
    log: () => runs.map((proc) => proc.output()).join(''),
    async start() {
      const args = unit.args.map((arg) => (arg.startsWith('-') ? arg : join(REPO, arg)));
      const proc = startProcess(`instance ${label}`, unit.program, args, {
        env: { PATH: process.env.PATH, ...unit.environment, ...envFile },
        cwd: work,
        logFile: join(work, `instance-${label}.log`),
      });
      runs.push(proc);
      await proc.waitFor(/is serving on/, 60_000);
    },
    async stop() {
      const last = runs.at(-1);
      if (!last || last.stopped) return undefined;
      last.stopped = true;
      return last.stop(unit.stopTimeoutMs);
    },
  };
}

/** The stop's stages as the instance logged them, each with its time after the first. */
function stopStages(instance) {
  const lines = instance
    .log()
    .split('\n')
    .filter((line) => line.includes('"msg":"stopp'))
    .map((line) => JSON.parse(line));
  const first = lines[0]?.time ?? 0;
  return lines.map(({ time, msg }) => `+${((time - first) / 1000).toFixed(1)} s ${msg}`).join('; ');
}

const answeredBy = (instance, requestId) => instance.log().includes(`"requestId":"${requestId}"`);

// ---------------------------------------------------------------- Caddy

/**
 * deploy/Caddyfile with this machine's ports: the site becomes https://localhost:<port> with Caddy's
 * internal CA, HTTP and HTTPS move to free ports, and the CA stays out of the system trust store.
 * `drained` comments out that instance's line, as the guide does before a planned stop. Every edit
 * must match exactly once, so a change to the template cannot slip past the check.
 */
function renderCaddyfile(template, ports, drained = undefined) {
  const upstream = (port) => `${drained === port ? '# ' : ''}to 127.0.0.1:${port}`;
  const edits = [
    [
      'admin localhost:2019',
      `admin localhost:${ports.admin}\n\thttp_port ${ports.http}\n\thttps_port ${ports.https}\n\tskip_install_trust`,
    ],
    ['\nreplay.example.com {', `\nhttps://localhost:${ports.https} {`],
    ['# tls internal', 'tls internal'],
    ['to 127.0.0.1:8081\n', `${upstream(ports.a)}\n`],
    ['to 127.0.0.1:8082\n', `${upstream(ports.b)}\n`],
  ];
  let text = template;
  for (const [from, to] of edits) {
    const count = text.split(from).length - 1;
    check(count === 1, `deploy/Caddyfile: expected "${from.trim()}" once, found it ${count} times; update scripts/deploy-check.mjs`);
    text = text.replace(from, to);
  }
  return text;
}

/** Debian's caddy as its unit runs it (`caddy run --config ... `), with its data in the work folder. */
function startCaddy(work, template, ports) {
  const home = join(work, 'caddy');
  // Caddy keeps its CA and certificates under XDG_DATA_HOME: here, inside the work folder.
  const env = { PATH: process.env.PATH, HOME: home, XDG_DATA_HOME: join(home, 'data'), XDG_CONFIG_HOME: join(home, 'config') };
  mkdirSync(home, { recursive: true });
  const file = join(work, 'Caddyfile');
  writeFileSync(file, renderCaddyfile(template, ports));
  const proc = startProcess('caddy', '/usr/bin/caddy', ['run', '--config', file, '--adapter', 'caddyfile'], {
    env,
    cwd: work,
    logFile: join(work, 'caddy.log'),
  });
  return {
    proc,
    rootCertificate: join(env.XDG_DATA_HOME, 'caddy/pki/authorities/local/root.crt'),
    /**
     * Rewrites the Caddyfile (without the drained instance, if any) and applies it as `systemctl
     * reload caddy` does. `upstreams` puts other instances' ports on the template's two lines.
     */
    reload(drained = undefined, upstreams = {}) {
      writeFileSync(file, renderCaddyfile(template, { ...ports, ...upstreams }, drained));
      run('/usr/bin/caddy', ['reload', '--config', file, '--adapter', 'caddyfile', '--force'], { env, cwd: work });
    },
    /**
     * Resolves when Caddy's active health check has taken `port` out, after output offset `since`.
     * Caddy 2.6 logs a failed check just before it marks the instance down, so a request sent the
     * moment the first failure is logged may still be routed there: the second failure (one
     * health_interval later) is logged only after the first one's mark.
     */
    noticedDown(port, since) {
      const failure = new RegExp(`"msg":"HTTP request failed","host":"127\\.0\\.0\\.1:${port}"`, 'g');
      const twice = { test: (text) => (text.match(failure) ?? []).length >= 2, toString: () => `${failure} twice` };
      return proc.waitFor(twice, 15_000, since);
    },
  };
}

// ---------------------------------------------------------------- HTTPS, trusting Caddy's root only

/**
 * @typedef {{ status: number, headers: import('node:http').IncomingHttpHeaders, body: Buffer, requestId: string }} Answer
 * @typedef {{ headers?: Record<string, string>, body?: Buffer | string }} RequestOptions
 * @typedef {RequestOptions & { json?: unknown, expect?: number }} CallOptions
 */

/**
 * Requests to the public origin, verified against Caddy's root certificate (never unverified).
 * Each carries an X-Request-Id, which the server logs, so the report can tell which instance answered.
 */
function httpsClient(origin, ca) {
  const agent = new https.Agent({ ca, keepAlive: true });
  let count = 0;
  /**
   * @param {string} method
   * @param {string} target a path, or a whole URL on the public origin
   * @param {RequestOptions} [options]
   * @returns {Promise<Answer>}
   */
  const request = (method, target, { headers = {}, body } = {}) => {
    const url = new URL(target, origin);
    check(url.origin === origin, `${target} is not on the public origin ${origin}`);
    const requestId = `deploy-check-${++count}`;
    return new Promise((done, fail) => {
      const req = https.request(url, { method, agent, headers: { ...headers, 'X-Request-Id': requestId } }, (res) => {
        const chunks = [];
        res.on('data', (chunk) => chunks.push(chunk));
        res.on('end', () => done({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks), requestId }));
        res.on('error', fail);
      });
      req.on('error', fail);
      req.setTimeout(20_000, () => req.destroy(new Error(`${method} ${url.pathname}: no answer within 20 s`)));
      req.end(body);
    });
  };
  return {
    request,
    /** Drops the kept-alive connections: a Caddy reload closes them under the next request. */
    reconnect: () => agent.destroy(),
    close: () => agent.destroy(),
  };
}

/**
 * One API call through Caddy, recorded for the report; fails unless the answer has the expected status.
 * @param {ReturnType<typeof httpsClient>} client
 * @param {string} what
 * @param {string} method
 * @param {string} path
 * @param {CallOptions} [options]
 * @returns {Promise<Answer>}
 */
async function call(client, what, method, path, { json, headers = {}, body, expect = 200 } = {}) {
  const answer = await client.request(method, path, {
    headers: json === undefined ? headers : { 'Content-Type': 'application/json', ...headers },
    body: json === undefined ? body : JSON.stringify(json),
  });
  calls.push({ step: currentStep, what, requestId: answer.requestId });
  if (answer.status !== expect) {
    throw new Error(`${what} (${method} ${path}): expected ${expect}, got ${answer.status}: ${answer.body.toString('utf8').slice(0, 300)}`);
  }
  return answer;
}

const json = (answer) => JSON.parse(answer.body.toString('utf8'));

// ---------------------------------------------------------------- the purchase, as a kiosk makes it

/** An ISO BMFF file head (the server judges uploads by content) followed by random bytes. */
function mp4Clip(size) {
  const ftyp = Buffer.from([0, 0, 0, 24, ...Buffer.from('ftypisom'), 0, 0, 2, 0, ...Buffer.from('isommp41')]);
  return Buffer.concat([ftyp, randomBytes(size - ftyp.length)]);
}

/** What the back-office does on the kiosk PC: log in, add a venue and a court, register and authorise the kiosk, set a price. */
async function setUpVenue(client, publicUrl) {
  const login = json(await call(client, 'admin login', 'POST', '/api/admin/login', { json: ADMIN }));
  check(login.user.role === 'super_admin', `the initial admin is ${login.user.role}, not super_admin`);
  // The admin from ADMIN_EMAIL/ADMIN_PASSWORD is no one-time password: no change is forced first.
  check(login.user.mustChangePassword === false, 'the initial admin must change its password first');
  const admin = { Authorization: `Bearer ${login.token}` };
  const venue = json(
    await call(client, 'create venue', 'POST', '/api/venue/create', {
      json: { name: 'Deploy Check Arena', location: 'Jakarta' },
      headers: admin,
      expect: 201,
    }),
  ).venue;
  const court = json(
    await call(client, 'create court', 'POST', '/api/field/create', {
      json: { venueId: venue.id, name: 'Court 1' },
      headers: admin,
      expect: 201,
    }),
  ).field;
  const deviceId = `dev_${randomBytes(16).toString('base64url')}`;
  await call(client, 'register kiosk', 'POST', '/api/device/register', {
    json: { deviceId, venueId: venue.id, fieldId: court.id },
    headers: admin,
    expect: 201,
  });
  const authorized = json(
    await call(client, 'authorise kiosk', 'PUT', '/api/device/authorize', { json: { deviceId, isAuthorized: true }, headers: admin }),
  );
  check(authorized.device.isAuthorized === true, 'the kiosk is not authorised');
  await call(client, 'set price', 'PUT', '/api/admin/config', { json: { key: 'DEFAULT_PRICE', value: String(PRICE) }, headers: admin });
  // A browser on the kiosk sends its origin with every POST; the kiosk is identified by its device id.
  return { admin, kiosk: { 'X-Device-Id': deviceId, Origin: publicUrl }, venue, court };
}

/** POST /api/transaction with an Idempotency-Key, its replay (same key, same purchase), and the simulator's payment. */
async function buyAndPay(client, site, email) {
  const body = { email, videoIds: ['1732080000000_rally.mp4'], videoTitles: ['Rally'], totalAmount: PRICE };
  const headers = { ...site.kiosk, 'Idempotency-Key': JSON.stringify(`deploy-check-${randomBytes(6).toString('hex')}`) };
  const made = json(await call(client, 'create purchase', 'POST', '/api/transaction', { json: body, headers, expect: 201 }));
  // Round robin sends the retry to the other instance: the key's record is in the shared database.
  const again = await call(client, 'replay purchase', 'POST', '/api/transaction', { json: body, headers, expect: 201 });
  check(again.headers['idempotent-replayed'] === 'true', 'the retry with the same Idempotency-Key was not a replay');
  check(json(again).transaction.id === made.transaction.id, 'the retry made a second purchase');
  check(made.payment?.token, 'the purchase has no payment token (is the price 0?)');
  const paid = json(await call(client, 'simulated payment', 'POST', `/api/payment/simulator/${made.payment.token}/success`));
  check(paid.transaction_status === 'settlement', `the simulator answered ${paid.transaction_status}`);
  return { id: made.transaction.id, email, phoneUrl: made.phoneUrl };
}

/** The kiosk's delivery: a folder, one clip in two chunks through its signed upload URL, the link saved. */
async function uploadAndLink(client, site, purchase, publicUrl) {
  const folder = json(
    await call(client, 'create folder', 'POST', '/api/google-drive/create-folder', {
      json: { folderName: `videos_${purchase.id}`, purchaseId: purchase.id },
      headers: site.kiosk,
    }),
  );
  check(folder.folderUrl.startsWith(`${publicUrl}/`), `the folder link ${folder.folderUrl} does not start with PUBLIC_URL`);
  const clip = mp4Clip(CHUNK + 50_000);
  const { uploadUrl } = json(
    await call(client, 'signed upload URL', 'POST', '/api/google-drive/get-signed-url', {
      json: { filename: 'Rally.mp4', mimeType: 'video/mp4', size: clip.length, folderId: folder.folderId },
      headers: site.kiosk,
    }),
  );
  check(uploadUrl.startsWith(`${publicUrl}/`), `the upload URL ${uploadUrl} does not start with PUBLIC_URL`);
  // Resumable, as the kiosk uploads: 308 with Range after the first chunk (Caddy must pass it on), 201 after the last.
  const first = await call(client, 'upload chunk 1', 'PUT', uploadUrl, {
    headers: { 'Content-Type': 'video/mp4', 'Content-Range': `bytes 0-${CHUNK - 1}/${clip.length}` },
    body: clip.subarray(0, CHUNK),
    expect: 308,
  });
  check(first.headers.range === `bytes=0-${CHUNK - 1}`, `the upload answered Range: ${first.headers.range}`);
  await call(client, 'upload chunk 2', 'PUT', uploadUrl, {
    headers: { 'Content-Type': 'video/mp4', 'Content-Range': `bytes ${CHUNK}-${clip.length - 1}/${clip.length}` },
    body: clip.subarray(CHUNK),
    expect: 201,
  });
  await call(client, 'save link', 'PUT', `/api/transaction/${purchase.id}/zipUrl`, {
    json: { zipUrl: folder.folderUrl, error: false },
    headers: site.kiosk,
  });
  return clip;
}

/**
 * The kiosk's delivery with STORAGE=s3, first half: a folder (a marker object in the bucket) and a
 * presigned PUT of the whole clip, which names the bucket, not this site.
 */
async function askBucketUpload(client, site, purchase, publicUrl, bucket) {
  const folder = json(
    await call(client, 'create folder', 'POST', '/api/google-drive/create-folder', {
      json: { folderName: `videos_${purchase.id}`, purchaseId: purchase.id },
      headers: site.kiosk,
    }),
  );
  check(folder.folderUrl.startsWith(`${publicUrl}/d/`), `the folder link ${folder.folderUrl} is not a share link on PUBLIC_URL`);
  const clip = mp4Clip(CHUNK + 50_000);
  const signed = json(
    await call(client, 'presigned upload URL', 'POST', '/api/google-drive/get-signed-url', {
      json: { filename: 'Rally.mp4', mimeType: 'video/mp4', size: clip.length, folderId: folder.folderId },
      headers: site.kiosk,
    }),
  );
  check(signed.uploadKind === 'single-put', `the upload is ${signed.uploadKind}, not one presigned PUT`);
  check(signed.uploadUrl.startsWith(`${bucket.endpoint}/`), `the upload URL ${new URL(signed.uploadUrl).origin} is not the bucket's`);
  check(new URL(signed.uploadUrl).searchParams.has('X-Amz-Signature'), 'the upload URL is not presigned');
  return { folder, uploadUrl: signed.uploadUrl, clip };
}

/**
 * Second half: the kiosk's browser PUTs the clip straight to the bucket (after the CORS preflight
 * the bucket's rule must pass for the kiosks' origin); then, through Caddy, asks where the upload
 * stands and saves the link.
 */
async function finishBucketUpload(client, site, purchase, publicUrl, upload) {
  const preflight = await fetch(upload.uploadUrl, {
    method: 'OPTIONS',
    headers: { Origin: publicUrl, 'Access-Control-Request-Method': 'PUT', 'Access-Control-Request-Headers': 'content-type' },
  });
  // A preflight no rule matches is refused (403); s3rver then allows '*', Amazon S3 the origin.
  check(preflight.ok, `the bucket refused the kiosk's CORS preflight (${preflight.status}): ${(await preflight.text()).slice(0, 300)}`);
  const put = await fetch(upload.uploadUrl, {
    method: 'PUT',
    body: upload.clip,
    headers: { 'Content-Type': 'video/mp4', Origin: publicUrl },
  });
  check(put.ok, `the presigned PUT answered ${put.status}: ${(await put.text()).slice(0, 300)}`);
  check(put.headers.get('access-control-allow-origin') === publicUrl, 'the bucket does not let the kiosk read its answer to the PUT');
  check(put.headers.get('access-control-expose-headers')?.includes('ETag'), "the bucket does not expose the PUT's ETag to the kiosk");
  const status = json(
    await call(client, 'upload status', 'POST', '/api/storage/upload-status', {
      json: { uploadUrl: upload.uploadUrl },
      headers: site.kiosk,
    }),
  );
  check(status.complete === true && status.received === upload.clip.length, `the upload status is ${JSON.stringify(status)}`);
  await call(client, 'save link', 'PUT', `/api/transaction/${purchase.id}/zipUrl`, {
    json: { zipUrl: upload.folder.folderUrl, error: false },
    headers: site.kiosk,
  });
}

/**
 * The e-mail with the phone link in one of `outboxes` (DATA_DIR/outbox of the instances), the
 * purchase's state, and the phone page serving the clip, alone and in its ZIP.
 */
async function checkDelivered(client, site, purchase, clip, outboxes) {
  const found = await poll(`the e-mail to ${purchase.email} in ${outboxes.join(' or ')}`, 20_000, () => {
    const mails = outboxes.map((outbox) => findMail(outbox, purchase.email)).filter(Boolean);
    return mails.length > 0 && mails;
  });
  check(found.length === 1, `${found.length} outboxes hold an e-mail to ${purchase.email}`);
  const mail = found[0];
  check(mail.text.includes(purchase.phoneUrl), `${mail.name} lacks the phone link ${purchase.phoneUrl}`);
  const timeline = json(
    await call(client, 'purchase timeline', 'GET', `/api/transaction/${purchase.id}/timeline`, { headers: site.admin }),
  );
  check(timeline.transaction.paymentStatus === 'paid', `the purchase is ${timeline.transaction.paymentStatus}`);
  check(timeline.transaction.emailSent === 'sent', `the e-mail status is ${timeline.transaction.emailSent}`);

  const page = await call(client, 'phone page', 'GET', purchase.phoneUrl);
  check(String(page.headers['content-type']).startsWith('text/html'), 'the phone page is not HTML');
  checkSecurityHeaders(page, 'the phone page');
  const state = json(await call(client, 'phone page state', 'GET', `${purchase.phoneUrl}/state`));
  check(state.status === 'ready' && state.clips.length === 1, `the phone page is ${state.status} with ${state.clips.length} clips`);
  const part = await call(client, 'clip, first 100 bytes', 'GET', `${purchase.phoneUrl}/clip/1`, {
    headers: { Range: 'bytes=0-99' },
    expect: 206,
  });
  check(part.body.equals(clip.subarray(0, 100)), 'the clip range differs from what was uploaded');
  const whole = await call(client, 'whole clip', 'GET', `${purchase.phoneUrl}/clip/1`);
  check(whole.body.equals(clip), 'the clip differs from what was uploaded');
  const zip = await call(client, 'ZIP of all clips', 'GET', `${purchase.phoneUrl}/all.zip`);
  const entries = await zipEntries(zip.body);
  check(
    entries.length === 1 && entries[0].data.equals(clip),
    `the ZIP holds ${entries.map((e) => e.name).join(', ') || 'nothing'}, not the clip`,
  );
  return `outbox/${mail.name} links ${purchase.phoneUrl}; the page and its ZIP (${entries[0].name}) serve the clip byte for byte`;
}

/** Each file of a ZIP with its bytes, read by yauzl (which checks every entry's CRC-32). */
function zipEntries(buffer) {
  return new Promise((done, fail) => {
    yauzl.fromBuffer(buffer, { lazyEntries: true }, (err, zip) => {
      if (err) return fail(err);
      const entries = [];
      zip.on('error', fail);
      zip.on('end', () => done(entries));
      zip.on('entry', (entry) =>
        zip.openReadStream(entry, (openErr, stream) => {
          if (openErr) return fail(openErr);
          const chunks = [];
          stream.on('data', (chunk) => chunks.push(chunk));
          stream.on('error', fail);
          stream.on('end', () => {
            entries.push({ name: entry.fileName, data: Buffer.concat(chunks) });
            zip.readEntry();
          });
        }),
      );
      zip.readEntry();
    });
  });
}

/** The .eml addressed to `to`, its text undone from quoted-printable (soft line breaks and =XX). */
function findMail(outbox, to) {
  if (!existsSync(outbox)) return undefined;
  for (const name of readdirSync(outbox).filter((n) => n.endsWith('.eml'))) {
    const raw = readFileSync(join(outbox, name), 'latin1');
    if (!new RegExp(`^To: ${to.replace(/[.]/g, '\\.')}\\r?$`, 'mi').test(raw)) continue;
    const text = raw.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex) => String.fromCharCode(parseInt(hex, 16)));
    return { name, text };
  }
  return undefined;
}

function checkSecurityHeaders(answer, what) {
  const missing = SECURITY_HEADERS.filter((name) => !answer.headers[name]);
  check(missing.length === 0, `${what} lacks ${missing.join(', ')} through Caddy`);
  check(
    /max-age=\d{7,}/.test(String(answer.headers['strict-transport-security'])),
    `${what}: HSTS is ${answer.headers['strict-transport-security']}`,
  );
}

/** GET on Caddy's plain-HTTP port: a redirect to the HTTPS origin. */
function plainHttpGet(port, path) {
  return new Promise((done, fail) => {
    http
      .get({ host: '127.0.0.1', port, path, headers: { Host: `localhost:${port}` } }, (res) => {
        res.resume();
        done({ status: res.statusCode, location: res.headers.location });
      })
      .on('error', fail);
  });
}

/** Polls through Caddy until one request lands on `instance`: Caddy has it back in the rotation. */
async function untilCaddyRoutesTo(client, instance) {
  const sent = [];
  await poll(`Caddy to send requests to instance ${instance.label} again`, 30_000, async () => {
    sent.push((await client.request('GET', '/api/product')).requestId);
    return sent.some((id) => answeredBy(instance, id));
  });
  return sent.length;
}

// ---------------------------------------------------------------- the check

/** The temporary folder: logs, DATA_DIR, Caddy's CA, the dump. */
let work = '';

async function main() {
  const started = performance.now();
  work = mkdtempSync(join(tmpdir(), 'courtreplay-deploy-'));
  undo.push(() => (process.argv.includes('--keep') ? console.log(`kept ${work}`) : rmSync(work, { recursive: true, force: true })));
  console.log(`CourtReplay deployment check (work folder ${work})`);

  await step('system packages caddy and postgresql', () => ensureSystemPackages(['caddy', 'postgresql']));

  const cluster = await step('throwaway PostgreSQL cluster', async (note) => {
    const started = await startThrowawayCluster();
    undo.push(() => started.stop());
    note(`${psql(started.url, ['-tA', '-c', 'SHOW server_version']).trim()} on 127.0.0.1:${started.port}`);
    return started;
  });
  const dbUrl = await step(`role ${DB_ROLE} owning database courtreplay`, () => createRoleAndDatabase(cluster, 'courtreplay'));

  await step('build', (note) => {
    if (process.argv.includes('--no-build')) return note('skipped (--no-build)');
    const reason = staleBuild();
    if (!reason) return note('up to date');
    note(`npm run build (${reason})`);
    run('npm', ['run', 'build'], { cwd: REPO });
  });

  const ports = { a: await freePort(), b: await freePort(), https: await freePort(), http: await freePort(), admin: await freePort() };
  const publicUrl = `https://localhost:${ports.https}`;
  const dataDir = join(work, 'data');
  // /etc/courtreplay.env of the guide; both instances share DATA_DIR (clips on local disk, the outbox).
  const serverEnv = {
    HOST: '127.0.0.1',
    PUBLIC_URL: publicUrl,
    DATA_DIR: dataDir,
    DATABASE_URL: dbUrl,
    DATABASE_POOL_SIZE: String(POOL_SIZE),
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    PAYMENT_PROVIDER: 'simulator',
    TRUSTED_PROXIES: '127.0.0.1,::1',
    LOG_LEVEL: 'info',
  };
  const a = serverInstance('A', ports.a, serverEnv, work);
  const b = serverInstance('B', ports.b, serverEnv, work);
  undo.push(
    () => a.stop(),
    () => b.stop(),
  );
  await step('instances A and B started at once on the empty database', async (note) => {
    await Promise.all([a.start(), b.start()]);
    // Both tried to create the first super admin on the empty database; exactly one did.
    const created = [a, b].filter((instance) => instance.log().includes('Created the first super admin')).length;
    check(created === 1, `${created} instances say they created the first super admin`);
    note(
      `A on 127.0.0.1:${a.port}, B on 127.0.0.1:${b.port}, as deploy/courtreplay.service runs them (NODE_ENV=production); one created the first admin`,
    );
  });

  const caddy = await step('Caddy with tls internal in front of both', async (note) => {
    const started = startCaddy(work, readFileSync(join(REPO, 'deploy/Caddyfile'), 'utf8'), ports);
    undo.push(() => started.proc.stop());
    await poll("Caddy's root certificate", 30_000, () => existsSync(started.rootCertificate));
    note(`${publicUrl}, root ${started.rootCertificate.slice(work.length + 1)}`);
    return started;
  });
  const client = httpsClient(publicUrl, readFileSync(caddy.rootCertificate));
  undo.push(() => client.close());

  await step('HTTPS with the security headers, HTTP redirected', async (note) => {
    await poll('GET /api/health through Caddy', 30_000, async () => (await client.request('GET', '/api/health')).status === 200);
    const home = await call(client, 'PWA index', 'GET', '/box');
    check(home.body.toString('utf8').includes('<link rel="manifest"'), 'GET /box did not answer the PWA');
    checkSecurityHeaders(home, 'GET /box');
    const worker = await call(client, 'service worker', 'GET', '/sw.js');
    check(/javascript/.test(String(worker.headers['content-type'])), 'the service worker is not served as JavaScript');
    const redirect = await plainHttpGet(ports.http, '/box');
    // Caddy leaves out the port it takes as its HTTPS port (443 in production; a free port here).
    check(
      redirect.status === 308 && redirect.location === 'https://localhost/box',
      `http:// answered ${redirect.status} to ${redirect.location}`,
    );
    note(`HSTS "${home.headers['strict-transport-security']}"; http://localhost:${ports.http}/box -> 308 ${redirect.location}`);
  });

  const site = await step('admin login, venue, court, kiosk registered and authorised, price', async (note) => {
    const made = await setUpVenue(client, publicUrl);
    note(`venue ${made.venue.id}, court ${made.court.id}, price ${PRICE}`);
    return made;
  });
  const outbox = join(dataDir, 'outbox');

  const first = await step('purchase 1: created, replayed and paid (A and B up)', async (note) => {
    const purchase = await buyAndPay(client, site, 'player.one@example.com');
    note(purchase.id);
    return purchase;
  });
  // The instances start now, in the background, while A's failover is mostly waiting
  // on Caddy's health check; they are used at the end.
  const s3Pair = startS3Pair(cluster, dbUrl, serverEnv, publicUrl);
  s3Pair.catch(() => {}); // awaited (and reported) in its own step
  // An unplanned stop, as a crash would be: Caddy is not told, its health check finds out.
  await step("instance A stopped (SIGTERM) unannounced; Caddy's health check takes it out (A down)", async (note) => {
    const since = caddy.proc.output().length;
    const stoppedAt = performance.now();
    const { code, signal } = await a.stop();
    check(code === 0, `A exited with ${signal ?? code}`);
    // Round robin offers A one of two requests; until the health check notices, Caddy retries a
    // request without a body on B (lb_try_duration).
    await call(client, 'GET right after the stop', 'GET', '/api/product');
    await call(client, 'GET right after the stop', 'GET', '/api/product');
    await caddy.noticedDown(a.port, since);
    note(`A exited 0; two GETs at once were answered; Caddy logged A down after ${seconds(stoppedAt)}`);
  });
  const firstClip = await step('purchase 1: folder, clip uploaded in two chunks, link saved (A down)', () =>
    uploadAndLink(client, site, first, publicUrl),
  );
  await step('purchase 1: e-mail with the https phone link, phone page serves the clip (A down)', async (note) =>
    note(await checkDelivered(client, site, first, firstClip, [outbox])),
  );
  await step("instance A restarted; Caddy's health check brings it back", async (note) => {
    await a.start();
    note(`Caddy sent it a request after ${await untilCaddyRoutesTo(client, a)} polls of GET /api/product`);
  });

  // The guide's rolling upgrade, for one instance: drain it in Caddy, stop, start, put it back.
  await step('instance B drained: its line commented out, caddy reload', () => caddy.reload(b.port));
  await step('instance B stopped (SIGTERM)', async (note) => {
    const started = performance.now();
    const { code, signal } = await b.stop();
    check(code === 0, `B exited with ${signal ?? code}`);
    // A drained instance has nothing left to finish: a slow stop names the stage it waited in.
    if (performance.now() - started > 2000) note(`a slow stop: ${stopStages(b)}`);
  });
  const second = await step('purchase 2, whole, through A (B down)', async (note) => {
    const purchase = await buyAndPay(client, site, 'player.two@example.com');
    const clip = await uploadAndLink(client, site, purchase, publicUrl);
    note(`${purchase.id}; ${await checkDelivered(client, site, purchase, clip, [outbox])}`);
    return purchase;
  });
  await step('instance B restarted, its line back, caddy reload', async (note) => {
    await b.start();
    caddy.reload();
    note(`Caddy sent it a request after ${await untilCaddyRoutesTo(client, b)} polls of GET /api/product`);
  });

  await step('both instances in PostgreSQL', (note) => {
    // 15016: LIVENESS_SPACE of sync-server/src/db/liveness.ts, one lock per live instance.
    const locks = psql(cluster.url, [
      '-tA',
      '-c',
      // Of this database: C and D (the S3 phase below, starting meanwhile) hold theirs in courtreplay_s3.
      "SELECT count(*) FROM pg_locks WHERE locktype = 'advisory' AND classid = 15016 AND granted AND database = (SELECT oid FROM pg_database WHERE datname = 'courtreplay')",
    ]);
    check(Number(locks) === 2, `${locks.trim()} liveness locks are held, not 2`);
    const connections = Number(psql(cluster.url, ['-tA', '-c', "SELECT count(*) FROM pg_stat_activity WHERE datname = 'courtreplay'"]));
    const limit = 2 * (POOL_SIZE + 1);
    check(connections <= limit, `${connections} connections, more than 2 x (DATABASE_POOL_SIZE + 1) = ${limit}`);
    note(`2 liveness locks held; ${connections} connections (at most 2 x (DATABASE_POOL_SIZE + 1) = ${limit})`);
  });

  await step('backup with pg_dump -Fc, restored with pg_restore into courtreplay_restore', (note) => {
    const bin = postgresBinDir();
    const dump = join(work, 'courtreplay.dump');
    run(join(bin, 'pg_dump'), ['--format=custom', `--file=${dump}`, `--dbname=${dbUrl}`]);
    psql(cluster.url, ['-c', `CREATE DATABASE courtreplay_restore OWNER ${DB_ROLE}`]);
    const restoreUrl = dbUrl.replace(/\/courtreplay$/, '/courtreplay_restore');
    run(join(bin, 'pg_restore'), ['--no-owner', '--exit-on-error', `--dbname=${restoreUrl}`, dump]);
    const rows = psql(restoreUrl, [
      '-tA',
      '-F',
      ' ',
      '-c',
      'SELECT id, "paymentStatus", "emailStatus" FROM purchases ORDER BY "createdAt"',
    ]);
    for (const purchase of [first, second]) {
      check(rows.includes(`${purchase.id} paid sent`), `the restored database lacks ${purchase.id} paid and sent:\n${rows}`);
    }
    const count = rows.trim().split('\n').length;
    note(`${Math.round(statSync(dump).size / 1024)} KiB dump; restored ${count} purchases, both paid and sent`);
  });

  const {
    bucket,
    c,
    d,
    dataDirs: s3DataDirs,
  } = await step(
    'S3: s3rver with the bucket and its CORS rule; instances C and D on database courtreplay_s3, STORAGE=s3, each its own DATA_DIR',
    async (note) => {
      const pair = await s3Pair;
      note(
        `bucket ${pair.bucket.env.S3_BUCKET} on ${pair.bucket.endpoint}; C on 127.0.0.1:${pair.c.port} (DATA_DIR data-c), D on 127.0.0.1:${pair.d.port} (DATA_DIR data-d); started ${pair.took} while A was down`,
      );
      return pair;
    },
  );
  await step("S3: Caddy's two lines on C and D, D drained; the kiosk page may connect to the bucket (C only)", async (note) => {
    caddy.reload(d.port, { a: c.port, b: d.port });
    client.reconnect();
    const page = await call(client, 'PWA index', 'GET', '/box');
    const connectSrc = /connect-src ([^;]*)/.exec(String(page.headers['content-security-policy']))?.[1] ?? '';
    check(connectSrc.split(' ').includes(bucket.endpoint), `connect-src "${connectSrc}" lacks the bucket ${bucket.endpoint}`);
    note(`connect-src ${connectSrc}`);
  });
  const third = await step('purchase 3: venue set up, bought, paid, folder and presigned upload URL asked (C only)', async (note) => {
    const s3Site = await setUpVenue(client, publicUrl);
    const purchase = await buyAndPay(client, s3Site, 'player.three@example.com');
    const upload = await askBucketUpload(client, s3Site, purchase, publicUrl, bucket);
    note(`${purchase.id}; upload URL on ${new URL(upload.uploadUrl).origin}`);
    return { site: s3Site, purchase, upload };
  });
  await step("instance C drained (D's line back, caddy reload) and stopped (SIGTERM)", async () => {
    caddy.reload(c.port, { a: c.port, b: d.port });
    client.reconnect();
    const { code, signal } = await c.stop();
    check(code === 0, `C exited with ${signal ?? code}`);
  });
  await step('purchase 3: clip PUT straight to the bucket, upload status and link through D (D only)', () =>
    finishBucketUpload(client, third.site, third.purchase, publicUrl, third.upload),
  );
  await step('purchase 3: e-mail, phone page and ZIP served from the bucket by D (D only)', async (note) => {
    const outboxes = s3DataDirs.map((dir) => join(dir, 'outbox'));
    note(await checkDelivered(client, third.site, third.purchase, third.upload.clip, outboxes));
    check(findMail(outboxes[1], third.purchase.email), 'the e-mail was not sent by D');
    const onDisk = s3DataDirs.filter((dir) => existsSync(join(dir, 'drive')));
    check(onDisk.length === 0, `${onDisk.join(', ')} holds clips: STORAGE=s3 must keep them in the bucket`);
    note("the e-mail in D's outbox; no clip on C's or D's disk");
  });

  reportInstances([a, b, c, d]);
  console.log(`deploy check passed in ${seconds(started)}`);
}

/**
 * Two instances that share nothing but a database and the bucket. A and B stay as
 * they are (one shared DATA_DIR is the guide's set-up for local storage); C and D get an S3-compatible
 * server (s3rver, with the bucket and docs/s3-storage.md's CORS rule for PUBLIC_URL), a database of
 * their own (so no purchase stored on A and B's disk is asked of them) and each its own DATA_DIR.
 */
async function startS3Pair(cluster, dbUrl, serverEnv, publicUrl) {
  const started = performance.now();
  const bucket = await startS3Server({ cors: corsXml(publicUrl) });
  undo.push(() => bucket.close());
  psql(cluster.url, ['-c', `CREATE DATABASE courtreplay_s3 OWNER ${DB_ROLE}`]);
  const env = { ...serverEnv, DATABASE_URL: dbUrl.replace(/\/courtreplay$/, '/courtreplay_s3'), ...bucket.env };
  const dataDirs = [join(work, 'data-c'), join(work, 'data-d')];
  const c = serverInstance('C', await freePort(), { ...env, DATA_DIR: dataDirs[0] }, work);
  const d = serverInstance('D', await freePort(), { ...env, DATA_DIR: dataDirs[1] }, work);
  undo.push(
    () => c.stop(),
    () => d.stop(),
  );
  await Promise.all([c.start(), d.start()]);
  return { bucket, c, d, dataDirs, took: seconds(started) };
}

/** Which instance answered each call through Caddy, per step; both must have served while both were up. */
function reportInstances(instances) {
  console.log('which instance answered each call through Caddy:');
  /** @type {Map<string, { what: string, by: string }[]>} */
  const byStep = new Map();
  for (const { step: name, what, requestId } of calls) {
    const by = instances.filter((instance) => answeredBy(instance, requestId)).map((instance) => instance.label);
    check(by.length === 1, `${what} (${requestId}) was answered by ${by.length} instances`);
    byStep.set(name, [...(byStep.get(name) ?? []), { what, by: by[0] }]);
  }
  for (const [name, entries] of byStep) console.log(`  ${name}\n      ${entries.map(({ what, by }) => `${what} ${by}`).join(', ')}`);
  const answeredIn = (fragment) =>
    [...new Set([...byStep].filter(([name]) => name.includes(fragment)).flatMap(([, entries]) => entries.map(({ by }) => by)))]
      .sort()
      .join();
  check(answeredIn('A and B up') === 'A,B', 'with both instances up, Caddy did not use both');
  check(answeredIn('(A down)') === 'B', 'a call made while A was down was not answered by B');
  check(answeredIn('(B down)') === 'A', 'a call made while B was down was not answered by A');
  check(answeredIn('(C only)') === 'C', 'a call made while Caddy sent everything to C was answered elsewhere');
  check(answeredIn('(D only)') === 'D', 'a call made after C stopped was not answered by D');
}

/** The end of each process's log, so a failure can be understood after the work folder is gone. */
function printLogTails(work) {
  if (!work || !existsSync(work)) return;
  for (const name of readdirSync(work).filter((n) => n.endsWith('.log'))) {
    const lines = readFileSync(join(work, name), 'utf8').trimEnd().split('\n').slice(-15);
    console.error(`--- last lines of ${name}\n${lines.join('\n')}`);
  }
}

process.once('SIGINT', () => {
  interrupted = true;
  console.log('\ninterrupted: stopping everything');
  void cleanUp().finally(() => process.exit(130));
});

try {
  await main();
} catch (err) {
  if (!interrupted) {
    console.error(`\ndeploy check FAILED: ${err instanceof Error ? err.message : err}`);
    printLogTails(work);
    process.exitCode = 1;
  }
} finally {
  if (!interrupted) await cleanUp();
}

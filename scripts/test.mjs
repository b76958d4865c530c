// `npm test`: typecheck, lint, unit + API tests (the API suite on SQLite and again on a throwaway
// PostgreSQL cluster), the deployment check (docs/deploy.md run by scripts/deploy-check.mjs), and
// browser tests against the built PWA served by the real server. Prints one closing line
// 'N passed, N failed' over every test that ran.
//
// The browser tests spend most of their time waiting on the kiosk's own timers, so everything else
// runs beside them at the lowest CPU priority (nice 19): typecheck and lint, and at the same time
// the unit and API tests. They take the idle cycles and yield the moment a browser test needs the
// CPU. Their output is kept in tmp/test-reports/<step>.log and printed when the browser tests end. The browser tests
// themselves run three files at a time (e2e/vitest.config.ts).
// Each step's wall time is printed at the end. `--only unit|e2e|static` runs one group in the
// foreground; `--postgres`
// runs the browser tests on a throwaway PostgreSQL cluster instead of SQLite files (not part of
// `npm test`: the API suite already runs there, and a second browser pass would double its time).
// `--busy` (`npm run test:busy`) runs it all beside a steady load on one core (cpu-load.mjs), as on
// a shared CI machine: no test's outcome may depend on the machine being quiet.
import { spawn } from 'node:child_process';
import { chmodSync, createWriteStream, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statfsSync } from 'node:fs';
import { join } from 'node:path';
import { startCpuLoad } from './cpu-load.mjs';
import { ensureSystemPackages, RTSP_CAMERA_PACKAGES } from './ensure-system-packages.mjs';
import { startThrowawayCluster } from './postgres-cluster.mjs';

const args = process.argv.slice(2);
const only = args.includes('--only') ? args[args.indexOf('--only') + 1] : undefined;
const reportDir = join(process.cwd(), 'tmp', 'test-reports');
mkdirSync(reportDir, { recursive: true });

// The tests' temporary files (SQLite databases, data folders, the throwaway PostgreSQL cluster,
// browser profiles) go to memory where the machine has a RAM disk: a commit's fsync there costs
// nothing, where on the CI machine's one disk, shared by every step, the SQLite run spent most of
// its time waiting on it. (A process killed mid-write, as the crash tests do, loses nothing either
// way; only a power cut would tell them apart.) Open to every user, as /tmp is: the cluster runs as
// the postgres user.
// A container's RAM disk may be a few MB: it is used only with room for the largest tests (the ZIP
// tests alone write about 1 GB).
const ramFree = () => {
  const { bavail, bsize } = statfsSync('/dev/shm');
  return bavail * bsize;
};
const ramTmp = existsSync('/dev/shm') && ramFree() > 8 * 1024 ** 3 ? mkdtempSync('/dev/shm/courtreplay-tests-') : undefined;
if (ramTmp) {
  chmodSync(ramTmp, 0o1777);
  process.env.TMPDIR = ramTmp;
}

// Stopped when this process exits, and gone by itself if this process is killed outright.
const load = args.includes('--busy') ? startCpuLoad() : undefined;
if (load) {
  console.log(`=== a steady load on one core beside the whole run (process ${load.pid}, normal priority)`);
  for (const signal of /** @type {const} */ (['SIGINT', 'SIGTERM'])) process.once(signal, () => process.exit(130));
}

let passed = 0;
let failed = 0;
const failures = [];
/** Each failed test's file, name and first line of its error, for the closing lines (CI shows the tail). */
const failedTests = [];
/** Each step's name and wall time, for the closing table. */
const timings = [];
const started = Date.now();

/**
 * Runs a command; resolves true when it exits 0.
 * @param {string} name
 * @param {string} cmd
 * @param {string[]} cmdArgs
 * @param {{ env?: Record<string, string>, logFile?: string, nice?: boolean }} [options]
 *   logFile: output there instead of the terminal; nice: at the lowest CPU priority
 */
function step(name, cmd, cmdArgs, options = {}) {
  console.log(`\n=== ${name}${options.logFile ? ` (beside the others; output in ${options.logFile})` : ''}`);
  const t0 = Date.now();
  const [program, programArgs] = options.nice ? ['nice', ['-n', '19', cmd, ...cmdArgs]] : [cmd, cmdArgs];
  const child = spawn(program, programArgs, {
    stdio: options.logFile ? ['ignore', 'pipe', 'pipe'] : 'inherit',
    env: { ...process.env, ...options.env },
  });
  if (options.logFile) {
    const log = createWriteStream(options.logFile);
    child.stdout?.pipe(log);
    child.stderr?.pipe(log);
  }
  return new Promise((resolve) =>
    child.on('close', (code) => {
      timings.push({ name, seconds: (Date.now() - t0) / 1000, background: !!options.logFile });
      if (code !== 0) failures.push(name);
      resolve(code === 0);
    }),
  );
}

/** A step beside the browser tests: niced, its output in tmp/test-reports/<file>.log, printed by showLog. */
function besideStep(name, file, cmd, cmdArgs, options = {}) {
  return step(name, cmd, cmdArgs, { ...options, logFile: join(reportDir, `${file}.log`), nice: true });
}

function showLog(name, file) {
  console.log(`\n=== ${name}: its output`);
  process.stdout.write(readFileSync(join(reportDir, `${file}.log`), 'utf8'));
}

/**
 * The failed tests of a vitest JSON report, one line each: file, full name, the error's first line.
 * A file that failed outside any test (an import or a hook) is listed by its message.
 * @param {{ testResults: { name: string, status: string, message?: string, assertionResults: { fullName: string, status: string, failureMessages?: string[] }[] }[] }} report
 * @param {string} root
 */
function failedTestsOf(report, root) {
  const firstLine = (text = '') => text.split('\n').find((line) => line.trim()) ?? '';
  return report.testResults.flatMap((file) => {
    const path = file.name.startsWith(root) ? file.name.slice(root.length + 1) : file.name;
    const tests = file.assertionResults.filter((t) => t.status === 'failed');
    if (!tests.length && file.status === 'failed') return [`${path}: ${firstLine(file.message)}`];
    return tests.map((t) => `${path} > ${t.fullName}: ${firstLine(t.failureMessages?.[0])}`);
  });
}

/** A vitest run whose JSON report adds to the closing count. */
async function vitest(name, configArgs, report, options = {}) {
  const out = join(reportDir, report);
  rmSync(out, { force: true });
  const ok = await step(
    name,
    'npx',
    ['vitest', 'run', ...configArgs, '--reporter=default', '--reporter=json', `--outputFile.json=${out}`],
    options,
  );
  if (existsSync(out)) {
    const r = JSON.parse(readFileSync(out, 'utf8'));
    passed += r.numPassedTests;
    failed += r.numFailedTests;
    failedTests.push(...failedTestsOf(r, process.cwd()));
    if (r.numTotalTests === 0) failures.push(`${name}: no tests ran`);
  } else if (!ok) failed += 1;
}

/** Unit and API tests on SQLite, and the API tests again on a throwaway PostgreSQL cluster. */
async function unitTests({ background }) {
  // ffmpeg and GStreamer's RTSP server: the recorder's tests publish and record real RTSP streams.
  ensureSystemPackages(['postgresql', ...RTSP_CAMERA_PACKAGES]);
  const postgres = await startThrowawayCluster({ nice: background });
  const logFile = join(reportDir, 'unit.log');
  try {
    await vitest(
      'unit and API tests (API on SQLite and on PostgreSQL)',
      [],
      'unit.json',
      background ? { env: { TEST_POSTGRES_URL: postgres.url }, logFile, nice: true } : { env: { TEST_POSTGRES_URL: postgres.url } },
    );
  } finally {
    postgres.stop();
  }
  if (background) showLog('unit and API tests', 'unit');
}

/** Typecheck and lint, one after the other at the lowest priority, beside the browser tests. */
async function staticChecksBeside() {
  await besideStep('typecheck', 'typecheck', 'npm', ['run', '--silent', 'typecheck']);
  await besideStep('lint', 'lint', 'npm', ['run', '--silent', 'lint']);
  showLog('typecheck', 'typecheck');
  showLog('lint', 'lint');
}

const hasE2e = existsSync('e2e') && readdirSync('e2e', { recursive: true }).some((f) => String(f).endsWith('.e2e.ts'));
const runUnit = !only || only === 'unit';
const runStatic = !only || only === 'static';
const runE2e = (!only || only === 'e2e') && hasE2e;

if (runStatic && !runE2e) {
  await step('typecheck', 'npm', ['run', '--silent', 'typecheck']);
  await step('lint', 'npm', ['run', '--silent', 'lint']);
}
if (runE2e) {
  ensureSystemPackages(['chromium-headless-shell', 'caddy', 'postgresql', ...RTSP_CAMERA_PACKAGES]);
  const built = await step('build the PWA and the server', 'npm', ['run', '--silent', 'build']);
  // Beside the browser tests, niced: typecheck and lint one after the other, and at the same time
  // the unit and API tests. tsc and eslint use one core each, so the unit tests' workers take the
  // idle time they leave (one after the other, the unit tests were the last step to end).
  const beside = Promise.all([runStatic && staticChecksBeside(), runUnit && unitTests({ background: true })]);
  if (built) {
    // docs/deploy.md, proven: two instances on PostgreSQL behind Caddy, a purchase, a failover, a restore.
    await step('deployment check (scripts/deploy-check.mjs)', 'node', ['scripts/deploy-check.mjs', '--no-build']);
    if (args.includes('--postgres')) {
      const cluster = await startThrowawayCluster();
      try {
        await vitest('browser tests on PostgreSQL', ['--config', 'e2e/vitest.config.ts'], 'e2e.json', {
          env: { E2E_DATABASE_URL: cluster.url },
        });
      } finally {
        cluster.stop();
      }
    } else await vitest('browser tests', ['--config', 'e2e/vitest.config.ts'], 'e2e.json');
  }
  await beside;
} else if (runUnit) {
  await unitTests({ background: false });
}

console.log('\n=== wall time of each step');
for (const t of timings) console.log(`${t.seconds.toFixed(0).padStart(6)} s  ${t.name}${t.background ? ' (beside, niced)' : ''}`);
console.log(`${((Date.now() - started) / 1000).toFixed(0).padStart(6)} s  in all`);
if (load) console.log('(beside a steady load on one core: --busy)');
console.log(`\n${failures.length ? `FAILED steps: ${failures.join('; ')}` : 'All steps green.'}`);
console.log(`tests: ${passed} passed, ${failed} failed`);
for (const line of failedTests) console.log(`  failed: ${line.slice(0, 300)}`);
if (ramTmp) rmSync(ramTmp, { recursive: true, force: true });
process.exit(failures.length || failed ? 1 : 0);

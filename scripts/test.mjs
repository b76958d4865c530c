// `npm test`: typecheck, lint, unit + API tests, then browser tests against the built PWA served by
// the real server. Prints one closing line 'N passed, N failed' over every test that ran.
import { spawnSync } from 'node:child_process';
import { readFileSync, mkdirSync, existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { ensureSystemPackages } from './ensure-system-packages.mjs';

const args = process.argv.slice(2);
const only = args.includes('--only') ? args[args.indexOf('--only') + 1] : undefined;
const reportDir = join(process.cwd(), 'tmp', 'test-reports');
mkdirSync(reportDir, { recursive: true });

let passed = 0;
let failed = 0;
const failures = [];

function step(name, cmd, cmdArgs) {
  console.log(`\n=== ${name}`);
  const r = spawnSync(cmd, cmdArgs, { stdio: 'inherit', env: process.env });
  if (r.status !== 0) failures.push(name);
  return r.status === 0;
}

function vitest(name, configArgs, report) {
  const out = join(reportDir, report);
  const ok = step(name, 'npx', ['vitest', 'run', ...configArgs, '--reporter=default', '--reporter=json', `--outputFile.json=${out}`]);
  if (existsSync(out)) {
    const r = JSON.parse(readFileSync(out, 'utf8'));
    passed += r.numPassedTests;
    failed += r.numFailedTests;
    if (r.numTotalTests === 0) failures.push(`${name}: no tests ran`);
  } else if (!ok) failed += 1;
}

if (!only || only === 'static') {
  step('typecheck', 'npm', ['run', '--silent', 'typecheck']);
  step('lint', 'npm', ['run', '--silent', 'lint']);
}
if (!only || only === 'unit') vitest('unit and API tests', [], 'unit.json');
if (!only || only === 'e2e') {
  const hasE2e = existsSync('e2e') && readdirSync('e2e', { recursive: true }).some((f) => String(f).endsWith('.e2e.ts'));
  if (hasE2e) {
    ensureSystemPackages();
    if (step('build the PWA and the server', 'npm', ['run', '--silent', 'build'])) {
      vitest('browser tests', ['--config', 'e2e/vitest.config.ts'], 'e2e.json');
    }
  }
}

console.log(`\n${failures.length ? `FAILED steps: ${failures.join('; ')}` : 'All steps green.'}`);
console.log(`tests: ${passed} passed, ${failed} failed`);
process.exit(failures.length || failed ? 1 : 0);

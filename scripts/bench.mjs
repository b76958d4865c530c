// `npm run bench`: runs every benchmark (files named *.bench.ts under a bench/ folder) one after
// another. Benchmarks print figures; they never fail CI.
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';

const files = readdirSync('.', { recursive: true })
  .map(String)
  .filter((f) => !f.includes('node_modules') && /(^|\/)bench\/[^/]+\.bench\.ts$/.test(f))
  .sort();
const filter = process.argv[2];
for (const f of files.filter((f) => !filter || f.includes(filter))) {
  console.log(`\n### ${f}`);
  spawnSync('npx', ['tsx', f], { stdio: 'inherit' });
}

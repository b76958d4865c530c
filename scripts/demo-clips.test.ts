// `npm run demo:clips` puts its clips where the server keeps its data: DATA_DIR/demo-clips.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, expect, it } from 'vitest';

const script = fileURLToPath(new URL('demo-clips.mjs', import.meta.url));
const dataDir = mkdtempSync(join(tmpdir(), 'demo-clips-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

it('writes the clips into DATA_DIR/demo-clips', () => {
  // Run from the data folder itself, so a .env of the repository cannot change DATA_DIR.
  execFileSync(process.execPath, [script, '1'], { cwd: dataDir, env: { ...process.env, DATA_DIR: dataDir }, stdio: 'pipe' });
  expect(readdirSync(join(dataDir, 'demo-clips'))).toEqual(['Court_1_rally_001.mp4']);
});

// The repository stands alone: a comment, test name or page says its reason in a sentence instead of
// pointing at an issue tracker the reader cannot open ("issue 12 point 4"). This walks every source
// file and page the project writes, so a citation added anywhere fails here with its place.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('..', import.meta.url));
const FOLDERS = ['shared', 'sync-server', 'pwa', 'recorder', 'e2e', 'scripts', 'docs', 'deploy'];
const WRITTEN = /\.(ts|tsx|mts|mjs|js|cjs|css|md|html|yml|yaml|sh)$/;
const SKIPPED = /(^|\/)(node_modules|dist|tmp|data)(\/|$)/;

/** "issue 12", "Issue 24 point 3", "issues 9 and 10": a tracker's number, in any letter case. */
export const TRACKER_CITATION = /\bissues? #?\d+/i;

function writtenFiles(): string[] {
  const top = ['README.md', 'eslint.config.js', 'vite.config.ts', 'vitest.config.ts'];
  const nested = FOLDERS.flatMap((folder) =>
    readdirSync(join(root, folder), { recursive: true })
      .map((file) => join(folder, String(file)))
      .filter((file) => WRITTEN.test(file) && !SKIPPED.test(file)),
  );
  return [...top, ...nested].filter((file) => file !== join('scripts', 'no-tracker-citations.test.ts'));
}

describe('no comment or page cites an issue tracker', () => {
  it('finds the pattern it guards against', () => {
    expect('// the kiosk grid (issue 12 point 4)').toMatch(TRACKER_CITATION);
    expect("describe('Issues 9 and 10: test devices'").toMatch(TRACKER_CITATION);
    expect('// a tissue 3 ply, an issue-free run').not.toMatch(TRACKER_CITATION);
  });

  it('finds none in the repository', () => {
    const found = writtenFiles().flatMap((file) =>
      readFileSync(join(root, file), 'utf8')
        .split('\n')
        .flatMap((line, i) => (TRACKER_CITATION.test(line) ? [`${file}:${i + 1}: ${line.trim()}`] : [])),
    );
    expect(found).toEqual([]);
  });
});

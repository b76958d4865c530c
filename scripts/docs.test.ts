// The docs are checked against the code where a check is cheap: the architecture page names every
// folder of the server, `.env.example` and the configuration page list exactly the variables
// config.ts reads, the recorder's commands are the ones the Devices tab shows, the README stays
// short and its links lead somewhere, and no comment sends a reader to a file outside the repository.
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { ENV_NAMES as RECORDER_ENV_NAMES } from '../recorder/src/config.ts';
import { recorderSetup } from '../shared/src/recorder-setup.ts';
import { ENV_NAMES } from '../sync-server/src/config-schema.ts';

const root = fileURLToPath(new URL('..', import.meta.url));
const read = (path: string): string => readFileSync(`${root}/${path}`, 'utf8');

/** Variable names assigned in a KEY=value file, in order, repeats kept. */
function assignedNames(text: string): string[] {
  return text
    .split('\n')
    .map((line) => /^([A-Z][A-Z0-9_]*)=/.exec(line)?.[1])
    .filter((name): name is string => name !== undefined);
}

describe('docs match the code', () => {
  it('docs/architecture.md names every folder under sync-server/src', () => {
    const page = read('docs/architecture.md');
    const folders = readdirSync(`${root}/sync-server/src`, { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name);
    expect(folders.length).toBeGreaterThan(10);
    expect(folders.filter((folder) => !page.includes(`\`${folder}/\``))).toEqual([]);
  });

  it('.env.example lists each variable config.ts reads, once, and no other', () => {
    const names = assignedNames(read('.env.example'));
    expect(names.filter((name, i) => names.indexOf(name) !== i)).toEqual([]);
    expect([...names].sort()).toEqual([...ENV_NAMES].sort());
  });

  it('docs/configuration.md explains every variable config.ts reads', () => {
    const page = read('docs/configuration.md');
    expect(ENV_NAMES.filter((name) => !page.includes(`\`${name}\``))).toEqual([]);
  });

  it("docs/configuration.md explains every variable the recorder reads, in the recorder's section", () => {
    const page = read('docs/configuration.md');
    const section = page.slice(page.indexOf('## The recorder'));
    expect(page).toContain('## The recorder');
    expect(RECORDER_ENV_NAMES.filter((name) => !section.includes(`\`${name}\``))).toEqual([]);
  });

  it("docs/cameras.md shows the Devices tab's commands as the tab makes them (recorderSetup)", () => {
    const page = read('docs/cameras.md');
    const setup = recorderSetup({ serverUrl: 'https://replay.example.com', token: 'PLACEHOLDER' });
    // As the page writes them: inside a numbered step (three spaces), the token as <token>.
    const asWritten = (text: string) =>
      text
        .replaceAll('PLACEHOLDER', '<token>')
        .split('\n')
        .map((line) => (line ? `   ${line}` : ''))
        .join('\n');
    for (const text of [setup.windows.install, setup.windows.startup, setup.linux.run, setup.linux.service]) {
      expect(page).toContain(asWritten(text));
    }
  });

  it('the README stays a five-minute read, and every relative link of the README and docs/ leads to a file', () => {
    const readme = read('README.md');
    expect(readme.split('\n').length).toBeLessThan(200);
    const pages = ['README.md', ...readdirSync(`${root}/docs`, { recursive: true }).map((f) => `docs/${String(f)}`)].filter((f) =>
      f.endsWith('.md'),
    );
    const broken = pages.flatMap((page) =>
      [...read(page).matchAll(/\]\(([^)#\s]+)(#[^)]*)?\)/g)]
        .map((m) => m[1]!)
        .filter((target) => !/^[a-z]+:/.test(target))
        .filter((target) => !existsSync(join(root, dirname(page), target)))
        .map((target) => `${page} -> ${target}`),
    );
    expect(broken).toEqual([]);
  });

  it('no file cites the style or design notes that live outside the repository', () => {
    const files = execFileSync('git', ['ls-files'], { cwd: root, encoding: 'utf8' })
      .split('\n')
      .filter((file) => /\.(ts|tsx|js|mjs|cjs|css|html|json|md)$/.test(file) && file !== 'scripts/docs.test.ts'); // this file names them
    const outside = new RegExp(['style', 'design'].map((note) => `\\b${note}\\.md\\b`).join('|') + '|\\bdesign section\\b', 'i');
    expect(files.length).toBeGreaterThan(100);
    expect(files.filter((file) => outside.test(read(file)))).toEqual([]);
  });
});

// The dependency rules of eslint.config.js, each fed one deliberately wrong import at a virtual path
// in the folder it guards (and one allowed import, so a rule that fires on everything fails too).
import { ESLint } from 'eslint';
import { readdirSync, readFileSync } from 'node:fs';
import { join, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const cwd = fileURLToPath(new URL('..', import.meta.url));
// The fixtures are virtual files no tsconfig lists, so the type-checked promise rules (which need
// a project) are switched off here; the import rules under test need no types.
const eslint = new ESLint({
  cwd,
  overrideConfig: {
    languageOptions: { parserOptions: { projectService: false } },
    rules: { '@typescript-eslint/no-floating-promises': 'off', '@typescript-eslint/no-misused-promises': 'off' },
  },
});

async function restrictedImports(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(`${code}\nexport const used = x;\n`, { filePath });
  return (result?.messages ?? []).filter((m) => m.ruleId === 'no-restricted-imports').map((m) => m.message);
}

const cases: { rule: string; file: string; wrong: string; allowed: string }[] = [
  {
    rule: 'shared imports neither side',
    file: 'shared/src/api/guard-fixture.ts',
    wrong: "import { x } from '@courtreplay/sync-server/src/app.ts';",
    allowed: "import { x } from '../messages.ts';",
  },
  {
    rule: 'shared imports nothing outside shared/',
    file: 'shared/src/api/guard-fixture.ts',
    wrong: "import { x } from '../../../e2e/support/server.ts';",
    allowed: "import { x } from '../validation.ts';",
  },
  {
    rule: 'routes do not import concrete adapters',
    file: 'sync-server/src/storage/guard-fixture.routes.ts',
    wrong: "import { x } from '../adapters/local-storage.ts';",
    allowed: "import { x } from '../adapters/ports.ts';",
  },
  {
    rule: 'adapters import no feature code',
    file: 'sync-server/src/adapters/guard-fixture.ts',
    wrong: "import { x } from '../storage/share-page.ts';",
    allowed: "import { x } from '../errors.ts';",
  },
  {
    rule: 'adapters do not import the app',
    file: 'sync-server/src/adapters/guard-fixture.ts',
    wrong: "import { x } from '../app.ts';",
    allowed: "import { x } from '../db/database.ts';",
  },
  {
    rule: 'services do not import http/',
    file: 'sync-server/src/promos/service.ts',
    wrong: "import { x } from '../http/auth.ts';",
    allowed: "import { x } from '../errors.ts';",
  },
  {
    rule: 'the kiosk never imports admin code',
    file: 'pwa/src/lib/guard-fixture.ts',
    wrong: "import { x } from '../admin/api.ts';",
    allowed: "import { x } from './api.ts';",
  },
  {
    rule: 'the PWA talks to the server over HTTP only',
    file: 'pwa/src/lib/guard-fixture.ts',
    wrong: "import { x } from '@courtreplay/sync-server/testing/adapter-app';",
    allowed: "import { x } from '@courtreplay/shared';",
  },
  {
    rule: "a PWA unit test may drive the server's test helpers, never the server's own code",
    file: 'pwa/src/kiosk/guard-fixture.test.ts',
    wrong: "import { x } from '../../../sync-server/src/app.ts';",
    allowed: "import { x } from '@courtreplay/sync-server/testing/adapter-app';",
  },
  {
    rule: 'the recorder talks to the server over HTTP only',
    file: 'recorder/src/guard-fixture.ts',
    wrong: "import { x } from '@courtreplay/sync-server/app';",
    allowed: "import { x } from './log.ts';",
  },
  {
    rule: "the recorder shares only the kiosk's storage uploaders, no other PWA code",
    file: 'recorder/src/guard-fixture.ts',
    wrong: "import { x } from '../../pwa/src/kiosk/checkout/checkout-machine.ts';",
    allowed: "import { x } from '../../pwa/src/lib/resumable-upload.ts';",
  },
];

describe('lint guard rails (eslint.config.js)', () => {
  it.each(cases)('$rule', async ({ file, wrong, allowed }) => {
    expect(await restrictedImports(file, wrong)).toHaveLength(1);
    expect(await restrictedImports(file, allowed)).toEqual([]);
  });
});

// SQL only in query files: a cheap textual check over sync-server/src, since
// Kysely's builder is reachable from any `db` and no import rule can see a method call.
/** Where a Kysely query starts: a builder method on a database or transaction, or the raw `sql` tag imported from kysely. */
const SQL_BUILDING = [
  /\.(?:selectFrom|selectNoFrom|insertInto|replaceInto|updateTable|deleteFrom|mergeInto)\(/,
  /import\s*(?:type\s*)?\{[^}]*\bsql\b[^}]*\}\s*from\s*'kysely'/,
];

/**
 * Files that may build SQL, by path under sync-server/src:
 * - `queries.ts` in any folder, or `<topic>.queries.ts` for a feature whose SQL is long (as
 *   `upload.routes.ts` sits beside `routes.ts`): the query helpers, the database first;
 * - `db/`: opening the database, migrations, dialect differences, advisory locks and liveness;
 * - `main.ts`: start-up's check that PostgreSQL answers, before the migrations;
 * - test helpers: `testing/`, `adapters/testing/`, `test-support.ts` and the tests themselves.
 */
function sqlMayLiveIn(path: string): boolean {
  const file = path.split('/').at(-1)!;
  return (
    file === 'queries.ts' ||
    file.endsWith('.queries.ts') ||
    path.startsWith('db/') ||
    path === 'main.ts' ||
    path.startsWith('testing/') ||
    path.startsWith('adapters/testing/') ||
    file === 'test-support.ts' ||
    file.endsWith('.test.ts')
  );
}

/** The first line of `source` that builds SQL, or undefined. */
function sqlLine(source: string): string | undefined {
  const wholeImport = SQL_BUILDING[1]!.exec(source);
  if (wholeImport) return wholeImport[0];
  return source
    .split('\n')
    .find((line) => SQL_BUILDING[0]!.test(line))
    ?.trim();
}

describe('SQL only in query files (sync-server/src)', () => {
  const serverSrc = join(cwd, 'sync-server/src');
  const files = readdirSync(serverSrc, { recursive: true, encoding: 'utf8' })
    .filter((path) => path.endsWith('.ts'))
    .map((path) => path.split(sep).join('/'));

  it('no other file builds a query', () => {
    expect(files.length).toBeGreaterThan(100);
    const offenders = files
      .filter((path) => !sqlMayLiveIn(path))
      .flatMap((path) => {
        const line = sqlLine(readFileSync(join(serverSrc, path), 'utf8'));
        return line === undefined ? [] : [`${path}: ${line}`];
      });
    expect(offenders).toEqual([]);
  });

  it.each([
    "const row = await db.selectFrom('purchases').selectAll().executeTakeFirst();",
    "await tx\n    .insertInto('audit_log')\n    .values(row)\n    .execute();",
    "await deps.db.updateTable('devices').set({ name }).execute();",
    "await db.deleteFrom('sessions').where('id', '=', id).execute();",
    'const row = await db.selectNoFrom((eb) => [eb.lit(1).as("one")]).executeTakeFirst();',
    "import { sql } from 'kysely';",
    "import { sql, type Kysely } from 'kysely';",
  ])('sees a query built in: %s', (source) => {
    expect(sqlLine(source)).toBeDefined();
  });

  it('leaves plain code alone (calling a query helper, a Kysely type)', () => {
    expect(
      sqlLine("import type { Kysely } from 'kysely';\nconst rows = await listVenues(db, venueId);\nconst sqlite = open(file);"),
    ).toBeUndefined();
  });

  it.each([
    ['purchases/queries.ts', true],
    ['purchases/idempotency.queries.ts', true],
    ['db/migrations/001-init.ts', true],
    ['testing/seed.ts', true],
    ['adapters/testing/adapter-app.ts', true],
    ['purchases/test-support.ts', true],
    ['error-log/error-log.test.ts', true],
    ['error-log/service.ts', false],
    ['purchases/routes.ts', false],
    ['adapters/simulator.ts', false],
    ['app.ts', false],
  ] as const)('%s may build SQL: %s', (path, allowed) => {
    expect(sqlMayLiveIn(path)).toBe(allowed);
  });
});

/** Every file under `dirs` (relative to the repository) whose name matches `pattern`. */
function repoFiles(dirs: string[], pattern: RegExp): string[] {
  return dirs.flatMap((dir) =>
    readdirSync(join(cwd, dir), { recursive: true, encoding: 'utf8' })
      .map((path) => `${dir}/${path.split(sep).join('/')}`)
      .filter((path) => !path.includes('node_modules') && !path.includes('/dist/') && pattern.test(path)),
  );
}

const SOURCE_DIRS = ['shared/src', 'sync-server/src', 'pwa/src', 'pwa/bench', 'sync-server/bench', 'recorder', 'e2e', 'scripts'];
const TEST_FILE = /\.(test|e2e)\.ts$/;

describe('the rules docs/contributing.md states about tests', () => {
  const tests = repoFiles(SOURCE_DIRS, TEST_FILE);

  it('no skipped or unfinished test', () => {
    expect(tests.length).toBeGreaterThan(100);
    const offenders = tests.filter((path) =>
      /\b(it|test|describe)\.(skip|todo)\b|\bx(it|describe)\(/.test(readFileSync(join(cwd, path), 'utf8')),
    );
    expect(offenders).toEqual([]);
  });

  /**
   * A browser test that pauses for a fixed time passes on a fast day and fails on a loaded one; it
   * waits on a signal the server or the page exposes, or on a clock it controls, instead.
   */
  const pauses = (source: string) => /\.waitForTimeout\(/.test(source);

  it('no fixed pause (waitForTimeout) in any test file or page object', () => {
    // This file names the call in its own fixtures.
    const files = new Set([...tests, ...repoFiles(['e2e'], /\.ts$/)].filter((path) => path !== 'scripts/lint-guard-rails.test.ts'));
    const offenders = [...files].filter((path) => pauses(readFileSync(join(cwd, path), 'utf8')));
    expect(offenders).toEqual([]);
  });

  /**
   * Every browser file starts from the one fixture (`useRig`, e2e/support/rig.ts), so no file repeats
   * another's set-up of server, browser, kiosk and prices (nor of the SMTP sink or Drive's imitation:
   * `useSmtpSink`, `useDriveImitation` in e2e/support). These files have reasons of their own.
   */
  const OWN_SET_UP: Record<string, string> = {
    'e2e/precache-manifest.e2e.ts': 'reads the built service worker only: no server, no browser',
    'e2e/server-stop.e2e.ts': 'starts `npm run serve` in a process group of its own on purpose, to stop it as a process manager does',
  };
  const startsItself = (source: string) =>
    /\b(startServer|launchBrowser|startServerProcess|startSmtpSink|startDriveImitation)\(|\bchromium\.launch\(/.test(source);
  const usesRig = (source: string) => /\buseRig\(/.test(source);

  it('every browser file starts from useRig and starts no server, browser or SMTP sink of its own', () => {
    const browserFiles = tests.filter((path) => path.endsWith('.e2e.ts'));
    expect(browserFiles.length).toBeGreaterThan(30);
    const offenders = browserFiles.flatMap((path) => {
      if (path in OWN_SET_UP) return [];
      const source = readFileSync(join(cwd, path), 'utf8');
      return [...(usesRig(source) ? [] : [`${path}: does not call useRig`]), ...(startsItself(source) ? [`${path}: starts its own`] : [])];
    });
    expect(offenders).toEqual([]);
  });

  it('sees a file that starts its own server or browser, and one that uses the rig', () => {
    expect(startsItself('server = await startServer({ PORT: "0" });')).toBe(true);
    expect(startsItself('browser = await launchBrowser();')).toBe(true);
    expect(startsItself('smtp = await startSmtpSink({ auth: LOGIN });')).toBe(true);
    expect(startsItself('drive = await startDriveImitation({ hideRange: true });')).toBe(true);
    expect(startsItself('const { server, browser } = useRig();')).toBe(false);
    expect(usesRig('const { server, browser } = useRig({ admin: true });')).toBe(true);
  });

  it('sees a fixed pause, and not a wait on a condition', () => {
    expect(pauses('await page.waitForTimeout(1_000);')).toBe(true);
    expect(pauses("await page.waitForFunction(() => document.title === 'x');")).toBe(false);
  });
});

describe("the checkout's shell stays thin (docs/contributing.md, How the code reads)", () => {
  /** The rules a function of `lines` lines breaks in the checkout's shell. */
  const rulesBroken = async (lines: number) => {
    const body = Array.from({ length: lines - 2 }, (_, i) => `  const step${i} = ${i};`).join('\n');
    const code = `export function createCheckout() {\n${body}\n}\n`;
    const [result] = await eslint.lintText(code, { filePath: 'pwa/src/kiosk/checkout/checkout-machine.ts' });
    return (result?.messages ?? []).map((m) => m.ruleId);
  };

  it('refuses a function past 120 lines in checkout-machine.ts: the flow lives in the table and the effects', async () => {
    expect(await rulesBroken(121)).toContain('max-lines-per-function');
    expect(await rulesBroken(120)).not.toContain('max-lines-per-function');
  });
});

describe('files past 400 lines (docs/contributing.md, How the code reads)', () => {
  /** The files already past 400 lines, each with its length when listed: none may grow, no other may pass. */
  const LONG_FILES: Record<string, number> = {
    'shared/src/messages.ts': 1300,
    'shared/src/messages-admin-id.ts': 900,
    'scripts/deploy-check.mjs': 1000,
    'pwa/src/kiosk/clip-loading.test.ts': 700,
    'sync-server/src/adapters/s3-storage.ts': 560,
    'e2e/kiosk-purchase.e2e.ts': 540,
    'sync-server/src/adapters/local-storage.ts': 540,
    'sync-server/src/adapters/testing/drive-imitation.ts': 520,
    'shared/src/api/purchases.ts': 500,
    'sync-server/src/adapters/google-drive.ts': 480,
    'sync-server/src/purchases/queries.ts': 520,
    'sync-server/src/error-log/service.ts': 450,
    'pwa/src/kiosk/checkout/checkout-machine.test.ts': 450,
    'sync-server/src/recorders/recorders.test.ts': 430,
    'shared/src/messages-id.ts': 420,
    'shared/src/validation.test.ts': 450,
  };
  const MAX_LINES = 400;

  it('no file of code passes 400 lines unless listed, and a listed one stays under its limit', () => {
    const files = repoFiles(SOURCE_DIRS, /\.(ts|tsx|mjs|cjs|js)$/);
    expect(files.length).toBeGreaterThan(300);
    const offenders = files.flatMap((path) => {
      const lines = readFileSync(join(cwd, path), 'utf8').split('\n').length;
      const limit = LONG_FILES[path] ?? MAX_LINES;
      return lines > limit ? [`${path}: ${lines} lines (limit ${limit})`] : [];
    });
    expect(offenders).toEqual([]);
  });
});

describe('configuration is read in one place (docs/contributing.md)', () => {
  it('only config.ts reads process.env in the server, besides start-up handing it over and the test database helper', () => {
    const allowed = new Set(['sync-server/src/config.ts', 'sync-server/src/main.ts', 'sync-server/src/testing/database.ts']);
    const offenders = repoFiles(['sync-server/src', 'shared/src', 'pwa/src'], /\.tsx?$/)
      .filter((path) => !TEST_FILE.test(path) && !allowed.has(path))
      .filter((path) => /process\.env\b/.test(readFileSync(join(cwd, path), 'utf8')));
    expect(offenders).toEqual([]);
  });

  it('only config.ts reads process.env in the recorder (its tests and benchmark set up their own)', () => {
    const offenders = repoFiles(['recorder/src'], /\.ts$/)
      .filter((path) => path !== 'recorder/src/config.ts' && !path.includes('/testing/'))
      .filter((path) => /process\.env\b/.test(readFileSync(join(cwd, path), 'utf8')));
    expect(offenders).toEqual([]);
  });

  it('no console.log in product code: ESLint refuses it', async () => {
    const [result] = await eslint.lintText("console.log('hello');\n", { filePath: 'sync-server/src/promos/guard-fixture.ts' });
    expect((result?.messages ?? []).map((m) => m.ruleId)).toContain('no-console');
  });
});

describe('styles live beside their components (docs/contributing.md, Where a style goes)', () => {
  const STYLE_DIR = 'pwa/src/styles';
  /** The design tokens and the base rules are the only sheets allowed to grow past a screenful. */
  const LONG_SHEETS = new Set([`${STYLE_DIR}/tokens.css`, `${STYLE_DIR}/base.css`]);
  const MAX_SHEET_LINES = 250;
  const sheets = repoFiles(['pwa/src'], /\.css$/);
  const tsxBeside = (sheet: string) => {
    const dir = sheet.slice(0, sheet.lastIndexOf('/'));
    return readdirSync(join(cwd, dir))
      .filter((name) => name.endsWith('.tsx'))
      .map((name) => ({ path: `${dir}/${name}`, source: readFileSync(join(cwd, dir, name), 'utf8') }));
  };

  /** Sheets over the limit, as "path: N lines". */
  const longSheets = (files: { path: string; lines: number }[]) =>
    files.filter((f) => !LONG_SHEETS.has(f.path) && f.lines > MAX_SHEET_LINES).map((f) => `${f.path}: ${f.lines} lines`);
  /** Whether one of these components imports the sheet by its own name (`import './Name.css'`). */
  const importedBy = (sheet: string, components: { source: string }[]) => {
    const name = sheet.slice(sheet.lastIndexOf('/') + 1);
    return components.some((c) => c.source.includes(`import './${name}';`));
  };
  /** Merge leftovers: a .orig or .rej copy beside the file it was made from. */
  const leftovers = (paths: string[]) => paths.filter((p) => /\.(orig|rej)$/.test(p));

  it('no style sheet passes 250 lines but the tokens and base rules', () => {
    expect(sheets.length).toBeGreaterThan(20);
    const files = sheets.map((path) => ({ path, lines: readFileSync(join(cwd, path), 'utf8').split('\n').length }));
    expect(longSheets(files)).toEqual([]);
  });

  it('every component sheet is imported by a component beside it, and every shared sheet by main.tsx', () => {
    const main = readFileSync(join(cwd, 'pwa/src/main.tsx'), 'utf8');
    const orphans = sheets.filter((sheet) =>
      sheet.startsWith(`${STYLE_DIR}/`)
        ? !main.includes(`import './styles/${sheet.slice(STYLE_DIR.length + 1)}';`)
        : !importedBy(sheet, tsxBeside(sheet)),
    );
    expect(orphans).toEqual([]);
  });

  it('no merge leftover (.orig, .rej) is kept among the sources', () => {
    expect(leftovers(repoFiles([...SOURCE_DIRS, 'docs'], /./))).toEqual([]);
  });

  it('sees a long sheet, an orphan sheet and a leftover copy', () => {
    expect(
      longSheets([
        { path: 'pwa/src/kiosk/Big.css', lines: 251 },
        { path: `${STYLE_DIR}/base.css`, lines: 900 },
      ]),
    ).toEqual(['pwa/src/kiosk/Big.css: 251 lines']);
    expect(importedBy('pwa/src/kiosk/Card.css', [{ source: "import './Card.css';" }])).toBe(true);
    expect(importedBy('pwa/src/kiosk/Card.css', [{ source: "import './Other.css';" }])).toBe(false);
    expect(leftovers(['pwa/src/styles/kiosk.css.orig', 'pwa/src/kiosk/Card.css'])).toEqual(['pwa/src/styles/kiosk.css.orig']);
  });
});

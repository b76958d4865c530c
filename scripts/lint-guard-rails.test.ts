// The dependency rules of eslint.config.js, each fed one deliberately wrong import at a virtual path
// in the folder it guards (and one allowed import, so a rule that fires on everything fails too).
import { ESLint } from 'eslint';
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
];

describe('lint guard rails (eslint.config.js)', () => {
  it.each(cases)('$rule', async ({ file, wrong, allowed }) => {
    expect(await restrictedImports(file, wrong)).toHaveLength(1);
    expect(await restrictedImports(file, allowed)).toEqual([]);
  });
});

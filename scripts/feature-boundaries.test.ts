// A server feature's queries.ts is its own: another feature reads or records its data through that
// feature's service.ts, which lists at its end what it offers the others (docs/contributing.md, How
// the code reads). The database helpers (db/) and the test helpers (testing/) serve every feature,
// and tests may reach any table.
import { readdirSync, readFileSync } from 'node:fs';
import { join, posix, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const cwd = fileURLToPath(new URL('..', import.meta.url));
const TEST_FILE = /\.test\.ts$/;

describe('features read each other through services (docs/contributing.md, How the code reads)', () => {
  const SERVER = 'sync-server/src';
  /** Folders of the server that are no feature: the database and the test helpers serve every feature. */
  const SHARED_FOLDERS = new Set(['db', 'testing']);
  const isQueries = (path: string) => /(^|\/)([\w-]+\.)?queries\.ts$/.test(path);
  /** Imports in `source` (a file under sync-server/src) of another feature's queries module, as 'file -> target'. */
  const reachesIntoQueries = (file: string, source: string): string[] => {
    const feature = file.split('/')[0]!;
    if (!file.includes('/') || SHARED_FOLDERS.has(feature) || TEST_FILE.test(file)) return [];
    return [...source.matchAll(/^(?:import|export)\s[^;]*?from\s+'(\.[^']+)'/gms)]
      .map((m) => posix.normalize(posix.join(posix.dirname(file), m[1]!)))
      .filter((target) => isQueries(target) && target.split('/')[0] !== feature)
      .map((target) => `${file} -> ${target}`);
  };

  it("sees an import of another feature's queries.ts, and not of its own or of a service", () => {
    expect(reachesIntoQueries('delivery/mail-delivery.ts', "import { findContact } from '../purchases/queries.ts';")).toHaveLength(1);
    expect(reachesIntoQueries('reports/queries.ts', "import { onClipCourt } from '../purchases/list-purchases.queries.ts';")).toHaveLength(
      1,
    );
    expect(reachesIntoQueries('delivery/mail-delivery.ts', "import { findContact } from '../purchases/service.ts';")).toEqual([]);
    expect(reachesIntoQueries('delivery/deliveries.ts', "import { pendingStatuses } from './queries.ts';")).toEqual([]);
    expect(reachesIntoQueries('delivery/delivery.test.ts', "import { findContact } from '../purchases/queries.ts';")).toEqual([]);
  });

  it("no feature imports another feature's queries: it calls that feature's service, which says what it offers", () => {
    const files = readdirSync(join(cwd, SERVER), { recursive: true, encoding: 'utf8' })
      .map((path) => path.split(sep).join('/'))
      .filter((path) => path.endsWith('.ts'));
    expect(files.length).toBeGreaterThan(200);
    const offenders = files.flatMap((file) => reachesIntoQueries(file, readFileSync(join(cwd, SERVER, file), 'utf8')));
    expect(offenders).toEqual([]);
  });
});

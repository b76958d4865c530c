// Vitest's global set-up for the API suite's PostgreSQL run: at the run's end it drops the emptied
// databases its workers kept for their next test (postgres-spares.ts), so a developer's own
// PostgreSQL server is left with the migrated template only.
import type { TestProject } from 'vitest/node';
import { dropRunSpares } from './postgres-spares.ts';

export default function setup(project: TestProject) {
  const url = project.config.env.TEST_DATABASE_URL;
  // The workers are this process's children: their databases' names start with its id.
  return async () => {
    if (url) await dropRunSpares(url, `test_${process.pid}_`);
  };
}

import { defineConfig } from 'vitest/config';

// Unit and API tests. Browser tests live in e2e/ with their own config (e2e/vitest.config.ts).
export default defineConfig({
  test: {
    include: ['shared/**/*.test.ts', 'sync-server/**/*.test.ts', 'pwa/src/**/*.test.{ts,tsx}', 'scripts/**/*.test.ts'],
    exclude: ['**/node_modules/**', '**/dist/**'],
    // A guard against hangs, not a speed check: with both cores busy, a test that hashes many
    // passwords (scrypt) can take several times its quiet-machine time.
    testTimeout: 60_000,
    hookTimeout: 30_000,
    // Every core: Vitest's default leaves one idle, which on a 2-core CI machine halves the speed
    // (317 s against 141 s for the same run).
    maxWorkers: '100%',
  },
});

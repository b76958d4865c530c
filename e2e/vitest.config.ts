import { defineConfig, type TestProjectInlineConfiguration } from 'vitest/config';

// Browser tests: Debian's Chromium driven by playwright-core against the built PWA served by the
// real server. Each file starts its own server (PORT=0: the port the kernel gives it, a fresh
// DATA_DIR and database) and its own browser, and the fixtures under tmp/e2e-clips are renamed into
// place once whole (support/clips.ts), so files run side by side: three at a time on the 2-core CI
// machine, because most of their time is spent waiting on the kiosk's own timers and on the network
// (measured: a kiosk file uses about 30% of a core), so a third file fills the idle time.
//
// The files that time a response run afterwards, one at a time with nothing beside them, so a busy
// neighbour cannot make them fail: a change made in the back-office shows on the kiosk "within 5 s"
// (kiosk-device-trust); the storage bar shows from the cache within a second while the server is
// slow (admin-storage). Spec timers that only the page's own clock decides (the QR code's 30 s, the
// result pages' countdowns, "Still there?") are checked on Playwright's installed clock, paused or
// recorded in the page, so kiosk-purchase runs beside the others.
const TIMED = ['e2e/kiosk-device-trust.e2e.ts', 'e2e/admin-storage.e2e.ts'];

const common = { testTimeout: 60_000, hookTimeout: 120_000 };

const projects: TestProjectInlineConfiguration[] = [
  {
    test: {
      ...common,
      name: 'browser',
      include: ['e2e/**/*.e2e.ts'],
      exclude: ['**/node_modules/**', ...TIMED],
      maxWorkers: 3,
      sequence: { groupOrder: 0 },
    },
  },
  { test: { ...common, name: 'browser-timed', include: TIMED, maxWorkers: 1, sequence: { groupOrder: 1 } } },
];

export default defineConfig({ test: { projects } });

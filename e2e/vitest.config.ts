import { defineConfig } from 'vitest/config';

// Browser tests: Debian's Chromium driven by playwright-core against the built PWA served by the
// real server. Each file starts, through useRig (support/rig.ts), its own server (PORT=0: the port
// the kernel gives it, a fresh DATA_DIR and database) and its own browser, and the fixtures under
// tmp/e2e-clips are renamed into place once whole (support/clips.ts), so files run side by side: three at a time on the 2-core CI
// machine, because most of their time is spent waiting on the kiosk's own timers and on the network
// (measured: a kiosk file uses about 30% of a core), so a third file fills the idle time.
//
// No file times a response in real time, so a busy neighbour cannot make one fail: the spec's
// timers are checked on Playwright's installed clock, paused or recorded in the page. A change
// made in the back-office shows on the kiosk "within 5 s" of the kiosk's own time
// (support/kiosk-clock.ts); the storage bar shows from the cache while the server's answer is held
// back (admin-storage); the QR code's 30 s, the result pages' countdowns and "Still there?" run on
// the page's clock (kiosk-purchase).
export default defineConfig({
  test: {
    name: 'browser',
    include: ['e2e/**/*.e2e.ts'],
    exclude: ['**/node_modules/**'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    maxWorkers: 3,
    // Files in one worker share the support modules (playwright-core, the page objects, the
    // contract): each file still starts its own server and browser, and none patches a global.
    isolate: false,
  },
});

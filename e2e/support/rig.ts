// The one set-up every browser file starts from: `useRig()` registers the file's (or the describe
// block's) beforeAll and afterAll, which start the real server, launch Chromium and, when asked,
// register this browser's kiosk with its prices, and stop them again. What it answers are handles
// for what its hook starts, so a file names them once at the top:
//
//   const { server, browser, seed } = useRig({ kiosk: { pricing: { price: 15_000, gateway: true } } });
//
// and uses them inside its hooks and tests; touching one before the set-up ran is a plain error.
// A loopback SMTP server comes from `useSmtpSink` (smtp.ts) and Drive's imitation from
// `useDriveImitation` (drive.ts), called above `useRig`. Imitations only one file uses (S3, Midtrans)
// stay in the file: start them in a beforeAll written above `useRig` and hand their addresses over
// through `env` as a function.
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';
import type { Browser } from 'playwright-core';
import { AdminApi } from './api.ts';
import { launchBrowser } from './browser.ts';
import { seedKiosk, setPricing, type KioskSeed, type Pricing } from './kiosk-setup.ts';
import { startServer, type TestServer } from './server.ts';

type Env = Record<string, string>;

export interface RigOptions {
  /** The server's environment, or a function answering it once the file's earlier hooks have run. */
  env?: Env | (() => Env | Promise<Env>);
  /**
   * `false` for a file that opens its own Chromium profile (`launchKioskProfile`), to restart the
   * browser on the same disk as a kiosk PC does.
   */
  browser?: boolean;
  /** A venue with a court and this browser's kiosk registered there (authorised unless told), at the live `pricing`. */
  kiosk?: { pricing?: Pricing; authorized?: boolean; staging?: boolean };
  /** Log the super admin in during set-up (always so with `kiosk`, whose seed holds the session). */
  admin?: boolean;
  /** A fresh server, browser and kiosk for every test instead of one for the file. */
  each?: boolean;
}

export interface Rig {
  server: TestServer;
  browser: Browser;
  /** The super admin's session on the server (`admin` or `kiosk` asked for it). */
  admin: AdminApi;
  /** The kiosk this browser plays (`kiosk` asked for it). */
  seed: KioskSeed;
}

/**
 * A stand-in, handed out when a file is read, for what a hook starts later (`running()`): it reads
 * through to it once it runs, and says `notYet` when used before.
 */
export function startedLater<T extends object>(running: () => T | undefined, notYet: string): T {
  return new Proxy({} as T, {
    get(_, property) {
      const target = running();
      // Asked whether it is a promise (an async function answering it), it is not.
      if (property === 'then' || typeof property === 'symbol') return target ? Reflect.get(target, property) : undefined;
      if (!target) throw new Error(notYet);
      const value: unknown = Reflect.get(target, property);
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
    has: (_, property) => property in (running() ?? {}),
  });
}

export function useRig(options: RigOptions = {}): Rig {
  let current: Partial<Rig> = {};
  let stops: (() => Promise<unknown>)[] = [];

  const stop = async () => {
    const pending = stops.reverse();
    stops = [];
    current = {};
    const failures: unknown[] = [];
    for (const step of pending) await step().catch((err: unknown) => failures.push(err));
    if (failures.length) throw failures[0];
  };

  const start = async () => {
    try {
      const env = typeof options.env === 'function' ? await options.env() : (options.env ?? {});
      const server = await startServer(env);
      stops.push(() => server.stop());
      current.server = server;
      if (options.browser !== false) {
        const browser = await launchBrowser();
        stops.push(() => browser.close());
        current.browser = browser;
      }
      if (options.kiosk) {
        const { pricing, ...kiosk } = options.kiosk;
        current.seed = await seedKiosk(server, kiosk);
        current.admin = current.seed.admin;
        if (pricing) await setPricing(current.seed.admin, pricing);
      } else if (options.admin) {
        current.admin = await AdminApi.of(server);
      }
    } catch (err) {
      // A set-up that fails half-way stops what it started: its afterAll is not trusted to.
      await stop().catch(() => undefined);
      throw err;
    }
  };

  if (options.each) {
    beforeEach(start);
    afterEach(stop);
  } else {
    beforeAll(start);
    afterAll(stop);
  }

  const handle = <K extends keyof Rig>(name: K): Rig[K] =>
    startedLater<Rig[K]>(() => current[name], `rig.${name} is used before useRig's set-up started it (or without asking for it)`);

  return { server: handle('server'), browser: handle('browser'), admin: handle('admin'), seed: handle('seed') };
}

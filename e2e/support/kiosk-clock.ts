// The kiosk's own clock for the spec's "within N s" checks (an admin's change
// shows on the open kiosk within 5 s). Playwright's installed clock stands still while the test
// waits, so a busy machine's network and CPU latency cannot count against the kiosk: only the
// kiosk's own time does, and a kiosk that needs more of it (a slower poll) fails however long the
// test then waits.
import { expect } from 'vitest';
import type { Page } from 'playwright-core';

/** Real time allowed for the kiosk's requests and rendering on a loaded machine; no claim about speed. */
const REAL_TIME = { timeout: 30_000, interval: 50 };
/** How finely the paused clock is moved. */
const STEP_MS = 100;

interface Asks {
  asked: number;
  answered: number;
}

export class KioskClock {
  private constructor(
    private readonly page: Page,
    private readonly counter: string,
  ) {}

  /**
   * Installs the clock (running at normal pace until paused) before the page's first load, and
   * counts the page's requests whose path starts with `pathPrefix`, asked and answered.
   */
  static async install(page: Page, pathPrefix: string): Promise<KioskClock> {
    const counter = '__kioskClockAsks';
    await page.context().addInitScript(
      ([prefix, key]: [string, string]) => {
        const asks = { asked: 0, answered: 0 };
        (window as unknown as Record<string, Asks>)[key] = asks;
        const realFetch = window.fetch.bind(window);
        window.fetch = (input: RequestInfo | URL, init?: RequestInit) => {
          const url = new URL(input instanceof Request ? input.url : String(input), location.href);
          if (!url.pathname.startsWith(prefix)) return realFetch(input, init);
          asks.asked++;
          return realFetch(input, init).finally(() => asks.answered++);
        };
      },
      [pathPrefix, counter] as [string, string],
    );
    await page.clock.install();
    return new KioskClock(page, counter);
  }

  private asks(): Promise<Asks> {
    return this.page.evaluate((key) => (window as unknown as Record<string, Asks>)[key]!, this.counter);
  }

  /** Runs the timers already due (zero-delay ones: the query library's notifications) without moving the clock. */
  private async settle(): Promise<void> {
    await this.page.clock.runFor(0);
  }

  /**
   * Stops the kiosk's time just after it asked the server (the counted path) and handled the
   * answer, so its next ask is a whole interval away: the worst moment for a change to happen.
   */
  async pauseJustAfterAsking(): Promise<void> {
    const now = await this.page.evaluate(() => Date.now());
    // The clock runs on between the two calls, by far less than this margin.
    await this.page.clock.pauseAt(now + 1_000);
    // Whatever was under way at the pause ends first (real time: the machine may be slow).
    await expect.poll(async () => (await this.settle(), this.asks()), REAL_TIME).toSatisfy((a: Asks) => a.answered === a.asked);
    const before = (await this.asks()).asked;
    for (let ran = 0; (await this.asks()).asked === before; ran += STEP_MS) {
      if (ran > 60_000) throw new Error('the kiosk did not ask the server in a minute of its time');
      await this.page.clock.runFor(STEP_MS);
    }
    await expect.poll(async () => (await this.settle(), this.asks()), REAL_TIME).toSatisfy((a: Asks) => a.answered === a.asked);
  }

  /**
   * Moves the paused clock `ms` on, a step at a time so that work the page starts meanwhile (a
   * reload's start-up) gets its timers too, then waits (real time, generously, the clock still)
   * until `shows` answers true: only what the kiosk did within those `ms` of its time can make it so.
   */
  async showsWithin(ms: number, shows: () => Promise<boolean>): Promise<void> {
    for (let ran = 0; ran < ms; ran += STEP_MS) {
      await this.page.clock.runFor(Math.min(STEP_MS, ms - ran));
      if (await shows()) return;
    }
    const message = `not shown after ${ms} ms of the kiosk's time`;
    await expect.poll(async () => (await this.settle(), shows()), { ...REAL_TIME, message }).toBe(true);
  }

  /** Lets the kiosk's time run at normal pace again. */
  resume(): Promise<void> {
    return this.page.clock.resume();
  }
}

// The spec's loading screen stays up at least LOADING_MIN_DISPLAY_MS (3 s) each time the kiosk
// lists its folder. Where a test is not about that screen, the kiosk's clock (installed, running at
// normal pace) is moved past it the moment it shows, so the test does not sit through it. Not for a
// test about thumbnails, durations or undecodable clips: the jump also spends the 2-3 s budgets of
// the clip probes under way behind that screen, which then give up.
import type { BrowserContext } from 'playwright-core';
import { LOADING_MIN_DISPLAY_MS } from '@courtreplay/shared';

/** Installs the clock on `context`'s pages and fast-forwards it by the minimum whenever the loading screen shows. */
export async function skipLoadingScreens(context: BrowserContext): Promise<void> {
  await context.exposeBinding('loadingScreenShown', async ({ page }) => {
    // Only while the screen is still up: on a loaded machine the call can come after it ended by
    // itself, and a jump then would land in the middle of whatever the test does next. The page
    // may also be navigating away or closing meanwhile; then there is nothing to skip.
    const showing = await page
      .getByTestId('loading-screen')
      .isVisible()
      .catch(() => false);
    if (showing) await page.clock.fastForward(LOADING_MIN_DISPLAY_MS).catch(() => undefined);
  });
  await context.addInitScript(() => {
    const shown = new WeakSet<Element>();
    new MutationObserver(() => {
      const screen = document.querySelector('[data-testid="loading-screen"]');
      if (!screen || shown.has(screen)) return;
      shown.add(screen);
      void (window as unknown as { loadingScreenShown: () => Promise<void> }).loadingScreenShown();
    }).observe(document, { subtree: true, childList: true });
  });
  await context.clock.install();
}

// Small React hooks shared by the kiosk and payment screens.
import { useEffect, useState } from 'react';
import { KIOSK_SCREEN_HEIGHT, KIOSK_SCREEN_WIDTH } from '@courtreplay/shared';
import { ACTIVITY_EVENTS, createInactivityTimer, secondsLeft } from './timers.ts';

/** Seconds left of a countdown; calls onDone once at 0. */
export function useCountdown(seconds: number, onDone: () => void, running = true): number {
  const [left, setLeft] = useState(seconds);
  useEffect(() => {
    if (!running) return;
    const started = Date.now();
    let done = false;
    const id = setInterval(() => {
      const l = secondsLeft(seconds, started, Date.now());
      setLeft(l);
      if (l === 0 && !done) {
        done = true;
        clearInterval(id);
        onDone();
      }
    }, 250);
    return () => clearInterval(id);
    // onDone is called once; a new function identity must not restart the countdown.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [seconds, running]);
  return left;
}

/** Calls onIdle after `timeoutMs` without touch, mouse or keyboard activity. */
export function useInactivity(timeoutMs: number, onIdle: () => void, enabled = true): void {
  useEffect(() => {
    if (!enabled) return;
    const timer = createInactivityTimer(timeoutMs, onIdle);
    const poke = () => timer.poke();
    for (const e of ACTIVITY_EVENTS) window.addEventListener(e, poke, { passive: true, capture: true });
    return () => {
      timer.stop();
      for (const e of ACTIVITY_EVENTS) window.removeEventListener(e, poke, { capture: true });
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [timeoutMs, enabled]);
}

const isKioskPortrait = () => window.innerWidth === KIOSK_SCREEN_WIDTH && window.innerHeight === KIOSK_SCREEN_HEIGHT;

/** True on the kiosk's own 1080x1920 portrait screen (spec section 2). */
export function useKioskPortrait(): boolean {
  const [portrait, setPortrait] = useState(isKioskPortrait);
  useEffect(() => {
    const on = () => setPortrait(isKioskPortrait());
    window.addEventListener('resize', on);
    return () => window.removeEventListener('resize', on);
  }, []);
  return portrait;
}

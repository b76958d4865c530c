// Small React hooks shared by the kiosk and payment screens.
import { useCallback, useEffect, useRef, useState } from 'react';
import { KIOSK_SCREEN_HEIGHT, KIOSK_SCREEN_WIDTH } from '@courtreplay/shared';
import { ACTIVITY_EVENTS, createIdleWatch, secondsLeft, type IdleWatch } from './timers.ts';

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

/**
 * The inactivity rule (spec: 60 s sends the player home) with the 'Still there?' question:
 * `asking` turns true after `timeoutMs` without touch, mouse or keyboard; `stay` answers it; unanswered
 * for `graceMs`, onIdle runs. While `busy` (a preview playing) the wait is held.
 */
export function useIdleWatch(
  timeoutMs: number,
  graceMs: number,
  onIdle: () => void,
  { enabled = true, busy = false }: { enabled?: boolean; busy?: boolean } = {},
): { asking: boolean; stay: () => void } {
  const [asking, setAsking] = useState(false);
  const watch = useRef<IdleWatch | null>(null);
  const idle = useRef(onIdle);
  useEffect(() => {
    idle.current = onIdle;
  }, [onIdle]);
  useEffect(() => {
    if (!enabled) return;
    const timer = createIdleWatch({
      idleMs: timeoutMs,
      graceMs,
      onAsk: () => setAsking(true),
      onIdle: () => idle.current(),
    });
    watch.current = timer;
    const poke = () => timer.poke();
    for (const e of ACTIVITY_EVENTS) window.addEventListener(e, poke, { passive: true, capture: true });
    return () => {
      timer.stop();
      watch.current = null;
      setAsking(false);
      for (const e of ACTIVITY_EVENTS) window.removeEventListener(e, poke, { capture: true });
    };
  }, [timeoutMs, graceMs, enabled]);
  useEffect(() => {
    watch.current?.setBusy(busy);
  }, [busy, enabled]);
  const stay = useCallback(() => {
    watch.current?.stay();
    setAsking(false);
  }, []);
  return { asking, stay };
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

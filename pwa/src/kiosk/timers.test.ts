import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createIdleWatch, secondsLeft } from './timers.ts';

describe('countdown', () => {
  it('counts whole seconds down to 0 and never below', () => {
    expect(secondsLeft(10, 1_000, 1_000)).toBe(10);
    expect(secondsLeft(10, 1_000, 1_999)).toBe(10);
    expect(secondsLeft(10, 1_000, 2_000)).toBe(9);
    expect(secondsLeft(10, 1_000, 11_000)).toBe(0);
    expect(secondsLeft(10, 1_000, 99_000)).toBe(0);
  });
});

describe('inactivity with a "Still there?" question', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });
  const watch = () => {
    const onAsk = vi.fn();
    const onIdle = vi.fn();
    const timer = createIdleWatch({ idleMs: 60_000, graceMs: 10_000, onAsk, onIdle });
    return { onAsk, onIdle, timer };
  };

  it('asks after 60 s without activity, then gives up once after 10 s unanswered; activity restarts the wait', () => {
    const { onAsk, onIdle, timer } = watch();
    vi.advanceTimersByTime(59_000);
    timer.poke();
    vi.advanceTimersByTime(59_000);
    expect(onAsk).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1_000);
    expect(onAsk).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(9_999);
    expect(onIdle).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(onIdle).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(300_000);
    expect(onAsk).toHaveBeenCalledTimes(1);
    expect(onIdle).toHaveBeenCalledTimes(1);
  });

  it('an answered question starts a fresh 60 s wait and never gives up on the player', () => {
    const { onAsk, onIdle, timer } = watch();
    vi.advanceTimersByTime(60_000);
    expect(onAsk).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(9_000);
    timer.stay();
    vi.advanceTimersByTime(59_000);
    expect(onIdle).not.toHaveBeenCalled();
    expect(onAsk).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(1_000);
    expect(onAsk).toHaveBeenCalledTimes(2);
  });

  it('a stray touch while asking does not answer the question', () => {
    const { onIdle, timer } = watch();
    vi.advanceTimersByTime(60_000);
    timer.poke();
    vi.advanceTimersByTime(10_000);
    expect(onIdle).toHaveBeenCalledTimes(1);
  });

  it('a playing preview counts as activity for as long as it plays; the wait restarts when it stops', () => {
    const { onAsk, onIdle, timer } = watch();
    vi.advanceTimersByTime(30_000);
    timer.setBusy(true);
    vi.advanceTimersByTime(90_000);
    expect(onAsk).not.toHaveBeenCalled();
    timer.setBusy(false);
    vi.advanceTimersByTime(59_000);
    expect(onAsk).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1_000);
    expect(onAsk).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(10_000);
    expect(onIdle).toHaveBeenCalledTimes(1);
  });

  it('never fires once stopped', () => {
    const { onAsk, onIdle, timer } = watch();
    timer.stop();
    timer.poke();
    timer.setBusy(false);
    vi.advanceTimersByTime(120_000);
    expect(onAsk).not.toHaveBeenCalled();
    expect(onIdle).not.toHaveBeenCalled();
  });
});

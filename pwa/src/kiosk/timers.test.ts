import { describe, expect, it, vi } from 'vitest';
import { createInactivityTimer, secondsLeft } from './timers.ts';

describe('countdown', () => {
  it('counts whole seconds down to 0 and never below', () => {
    expect(secondsLeft(10, 1_000, 1_000)).toBe(10);
    expect(secondsLeft(10, 1_000, 1_999)).toBe(10);
    expect(secondsLeft(10, 1_000, 2_000)).toBe(9);
    expect(secondsLeft(10, 1_000, 11_000)).toBe(0);
    expect(secondsLeft(10, 1_000, 99_000)).toBe(0);
  });
});

describe('inactivity', () => {
  it('fires once after 60 s without activity, and activity restarts the wait', () => {
    vi.useFakeTimers();
    const onIdle = vi.fn();
    const timer = createInactivityTimer(60_000, onIdle);
    vi.advanceTimersByTime(59_000);
    timer.poke();
    vi.advanceTimersByTime(59_000);
    expect(onIdle).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1_000);
    expect(onIdle).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(120_000);
    expect(onIdle).toHaveBeenCalledTimes(1);
    vi.useRealTimers();
  });
  it('never fires once stopped', () => {
    vi.useFakeTimers();
    const onIdle = vi.fn();
    const timer = createInactivityTimer(60_000, onIdle);
    timer.stop();
    timer.poke();
    vi.advanceTimersByTime(120_000);
    expect(onIdle).not.toHaveBeenCalled();
    vi.useRealTimers();
  });
});

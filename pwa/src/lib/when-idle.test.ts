// Start-up work waits for the first screen, on a fake clock (no requestIdleCallback here, so an
// idle moment is the next timer turn).
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { firstScreenShown, IDLE_WAIT_MAX_MS, resetFirstScreenForTests, whenIdle } from './when-idle.ts';

describe('whenIdle', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    resetFirstScreenForTests();
  });
  afterEach(() => vi.useRealTimers());

  it('holds the work while the first screen waits for its answer, and runs it once the screen is shown', () => {
    const work = vi.fn();
    whenIdle(work);
    vi.advanceTimersByTime(IDLE_WAIT_MAX_MS - 1);
    expect(work).not.toHaveBeenCalled();
    firstScreenShown();
    vi.advanceTimersByTime(0);
    expect(work).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(IDLE_WAIT_MAX_MS);
    expect(work).toHaveBeenCalledTimes(1);
  });

  it('runs the work after the longest wait when no screen says it is shown', () => {
    const work = vi.fn();
    whenIdle(work);
    vi.advanceTimersByTime(IDLE_WAIT_MAX_MS - 1);
    expect(work).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    vi.advanceTimersByTime(1);
    expect(work).toHaveBeenCalledTimes(1);
  });

  it('runs work asked for after the first screen at the next idle moment', () => {
    firstScreenShown();
    const work = vi.fn();
    whenIdle(work);
    vi.advanceTimersByTime(0);
    expect(work).toHaveBeenCalledTimes(1);
  });

  it('never runs cancelled work', () => {
    const work = vi.fn();
    whenIdle(work)();
    firstScreenShown();
    vi.advanceTimersByTime(IDLE_WAIT_MAX_MS * 2);
    expect(work).not.toHaveBeenCalled();
  });
});

import { describe, expect, it } from 'vitest';
import { newestClipAt, screenOf } from './heartbeat.ts';

describe('the heartbeat report', () => {
  it('names the screen from the kiosk path, on /box and /staging alike', () => {
    expect(screenOf('/box')).toBe('home');
    expect(screenOf('/staging/')).toBe('home');
    expect(screenOf('/box/video-selection')).toBe('selection');
    expect(screenOf('/staging/checkout')).toBe('checkout');
    expect(screenOf('/box/Weird_Path!')).toBe('other');
  });

  it('reports the newest clip of the folder, none before one is read', () => {
    expect(newestClipAt([])).toBeNull();
    expect(newestClipAt([{ createdAt: Date.parse('2026-11-20T02:00:00Z') }, { createdAt: Date.parse('2026-11-20T02:55:00Z') }])).toBe(
      '2026-11-20T02:55:00.000Z',
    );
  });
});

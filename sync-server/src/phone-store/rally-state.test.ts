// What a phone shows of a rally and whether money may be taken for it, in milliseconds: the rules
// the store's API tests and the browser journey only wire.
import { describe, expect, it } from 'vitest';
import { RALLY_LATE_AFTER_MS, rallyView, type RallyFacts } from './rally-state.ts';

const now = new Date('2026-11-20T12:42:10Z');
const markedAt = '2026-11-20T12:42:00Z';
const clip = (state: NonNullable<RallyFacts['clip']>['state'], more: Partial<NonNullable<RallyFacts['clip']>> = {}) => ({
  state,
  failure: null,
  updatedAt: '2026-11-20T12:42:08Z',
  removedAt: null,
  bytesTotal: null,
  ...more,
});
const view = (facts: Partial<RallyFacts>) =>
  rallyView({ clip: undefined, markedAt, venueHasRecorder: true, venueOnline: true, now, ...facts });

describe('a rally on the phone', () => {
  it('is cut, then sent, then ready; money only for a clip on the server or on its way from a recorder that reports', () => {
    expect(view({})).toEqual({ state: 'cutting', failure: null, payable: false });
    expect(view({ clip: clip('cutting') })).toEqual({ state: 'cutting', failure: null, payable: false });
    expect(view({ clip: clip('uploading') })).toEqual({ state: 'uploading', failure: null, payable: false });
    expect(view({ clip: clip('uploading', { bytesTotal: 5_500_000 }) })).toEqual({ state: 'uploading', failure: null, payable: true });
    expect(view({ clip: clip('ready') })).toEqual({ state: 'ready', failure: null, payable: true });
  });

  it('is saved while the venue is offline, and takes no money until its clip is on the server', () => {
    expect(view({ venueOnline: false })).toEqual({ state: 'offline', failure: null, payable: false });
    expect(view({ venueOnline: false, clip: clip('uploading', { bytesTotal: 5_500_000 }) })).toEqual({
      state: 'offline',
      failure: null,
      payable: false,
    });
    expect(view({ venueOnline: false, clip: clip('ready') })).toEqual({ state: 'ready', failure: null, payable: true });
  });

  it('says why it failed, that it is late, that it was removed, or that the venue sells at the kiosk only', () => {
    expect(view({ clip: clip('failed', { failure: 'camera-offline' }) })).toEqual({
      state: 'failed',
      failure: 'camera-offline',
      payable: false,
    });
    const silentFor = (ms: number) => ({ clip: clip('cutting', { updatedAt: new Date(now.getTime() - ms).toISOString() }) });
    expect(view(silentFor(RALLY_LATE_AFTER_MS)).state).toBe('cutting');
    expect(view(silentFor(RALLY_LATE_AFTER_MS + 1))).toEqual({ state: 'late', failure: null, payable: false });
    expect(view({ clip: clip('ready', { removedAt: '2026-11-21T00:00:00Z' }) })).toEqual({
      state: 'removed',
      failure: null,
      payable: false,
    });
    expect(view({ venueHasRecorder: false })).toEqual({ state: 'kiosk', failure: null, payable: false });
  });
});

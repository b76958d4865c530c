// What a phone shows of a rally and whether money may be taken for it, in milliseconds: the rules
// the store's API tests and the browser journey only wire.
import { describe, expect, it } from 'vitest';
import { RALLY_LATE_AFTER_MS, rallyView, type RallyFacts } from './rally-state.ts';

const now = new Date('2026-11-20T12:42:10Z');
const markedAt = '2026-11-20T12:42:00Z';
const said = (state: RallyFacts['cut']['state'], reason: RallyFacts['cut']['reason'] = null) => ({ cut: { state, reason } });
const upload = (more: Partial<NonNullable<RallyFacts['upload']>> = {}) => ({
  upload: { stored: false, removed: false, begun: true, updatedAt: '2026-11-20T12:42:08Z', ...more },
});
const view = (facts: Partial<RallyFacts>) =>
  rallyView({ cut: { state: null, reason: null }, upload: undefined, markedAt, venueHasRecorder: true, venueOnline: true, now, ...facts });

describe('a rally on the phone', () => {
  it('is cut, then sent, then ready; money only for a clip in storage or on its way from a recorder that reports', () => {
    expect(view({})).toEqual({ state: 'cutting', failure: null, payable: false });
    expect(view(said('cutting'))).toEqual({ state: 'cutting', failure: null, payable: false });
    // The recorder says it sends it, no file begun yet: nothing to pay for.
    expect(view(said('uploading'))).toEqual({ state: 'uploading', failure: null, payable: false });
    expect(view({ ...said('uploading'), ...upload() })).toEqual({ state: 'uploading', failure: null, payable: true });
    expect(view({ ...said('ready'), ...upload({ stored: true }) })).toEqual({ state: 'ready', failure: null, payable: true });
    // Its word that it is done stores nothing: without the clip in storage it is still being prepared.
    expect(view(said('ready'))).toEqual({ state: 'cutting', failure: null, payable: false });
  });

  it('is saved while the venue is offline, and takes no money until its clip is in storage', () => {
    expect(view({ venueOnline: false })).toEqual({ state: 'offline', failure: null, payable: false });
    expect(view({ venueOnline: false, ...upload() })).toEqual({ state: 'offline', failure: null, payable: false });
    // Failed at the tap for the recorder's silence: saved while it lasts, failed if it comes back without the clip.
    expect(view({ venueOnline: false, ...said('failed', 'recorder-offline') })).toEqual({
      state: 'offline',
      failure: null,
      payable: false,
    });
    expect(view(said('failed', 'recorder-offline'))).toEqual({ state: 'failed', failure: 'recorder-offline', payable: false });
    expect(view({ venueOnline: false, ...upload({ stored: true }) })).toEqual({ state: 'ready', failure: null, payable: true });
  });

  it('says why it failed, that it is late, that it was removed, or that the venue sells at the kiosk only', () => {
    expect(view(said('failed', 'camera-offline'))).toEqual({ state: 'failed', failure: 'camera-offline', payable: false });
    expect(view(said('failed'))).toEqual({ state: 'failed', failure: 'cut-failed', payable: false });
    // A clip in storage wins over an earlier failure.
    expect(view({ ...said('failed', 'upload-failed'), ...upload({ stored: true }) }).state).toBe('ready');
    const silentFor = (ms: number) => upload({ begun: false, updatedAt: new Date(now.getTime() - ms).toISOString() });
    expect(view(silentFor(RALLY_LATE_AFTER_MS)).state).toBe('cutting');
    expect(view(silentFor(RALLY_LATE_AFTER_MS + 1))).toEqual({ state: 'late', failure: null, payable: false });
    expect(view({ ...said('ready'), ...upload({ stored: true, removed: true }) })).toEqual({
      state: 'removed',
      failure: null,
      payable: false,
    });
    expect(view({ venueHasRecorder: false })).toEqual({ state: 'kiosk', failure: null, payable: false });
  });
});

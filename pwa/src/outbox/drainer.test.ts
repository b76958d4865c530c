import { describe, expect, it } from 'vitest';
import type { OutboxPurchase } from '../lib/db.ts';
import { isDue } from './drainer.ts';

const NOW = Date.now() + 60_000;
const entry = (patch: Partial<OutboxPurchase> = {}): OutboxPurchase => ({
  idempotencyKey: 'k1',
  body: { email: 'player@example.com', videoIds: ['v1'], totalAmount: 0 },
  staging: false,
  state: 'queued',
  attempts: 0,
  createdAt: NOW - 1_000,
  nextAttemptAt: NOW - 1_000,
  ...patch,
});

describe('which outbox entries the drainer sends', () => {
  it('sends queued entries whose backoff has passed', () => {
    expect(isDue(entry({ attempts: 2, nextAttemptAt: NOW - 1 }), NOW, false, false)).toBe(true);
    expect(isDue(entry({ attempts: 2, nextAttemptAt: NOW + 5_000 }), NOW, false, false)).toBe(false);
  });
  it('ignores the backoff when the network just came back', () => {
    expect(isDue(entry({ attempts: 5, nextAttemptAt: NOW + 60_000 }), NOW, true, false)).toBe(true);
  });
  it('never sends what is already sent or parked', () => {
    expect(isDue(entry({ state: 'sent' }), NOW, true, true)).toBe(false);
    expect(isDue(entry({ state: 'parked' }), NOW, true, true)).toBe(false);
  });
  it('leaves a fresh entry of this page to the checkout that is sending it, unless it was queued offline', () => {
    const fresh = entry({ attempts: 0, createdAt: NOW - 1_000 });
    expect(isDue(fresh, NOW, true, false)).toBe(false);
    expect(isDue(fresh, NOW, true, true)).toBe(true);
    // Once the checkout tried (or long after), the drainer takes over.
    expect(isDue({ ...fresh, attempts: 1 }, NOW, true, false)).toBe(true);
    expect(isDue({ ...fresh, createdAt: NOW - 60_000 }, NOW, true, false)).toBe(true);
  });
  it('sends entries left by an earlier page (a reload or a crash) at once', () => {
    expect(isDue(entry({ attempts: 0, createdAt: 0, nextAttemptAt: 0 }), NOW, false, false)).toBe(true);
  });
});

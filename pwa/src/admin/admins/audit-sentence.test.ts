import { describe, expect, it } from 'vitest';
import { ADMIN_MESSAGES_ID, type AuditEntry } from '@courtreplay/shared';
import { auditChange, auditSentence } from './audit-sentence.ts';

const entry = (overrides: Partial<AuditEntry>): AuditEntry => ({
  id: 1,
  at: '2026-11-22T07:05:00.000Z',
  adminId: 1,
  adminEmail: 'owner@club.id',
  action: 'config.update',
  entity: 'config',
  entityId: 'DEFAULT_PRICE',
  venueId: null,
  before: null,
  after: null,
  ...overrides,
});

describe('the audit log as sentences', () => {
  it("reads a price change as 'Price (all venues): Rp 20.000 → Rp 25.000, by …, at …'", () => {
    const price = entry({ before: { DEFAULT_PRICE: '20000' }, after: { DEFAULT_PRICE: '25000' } });
    expect(auditSentence(price, '22/11/2026 14:05')).toBe(
      'Price (all venues): Rp 20.000 → Rp 25.000, by owner@club.id, at 22/11/2026 14:05',
    );
  });

  it('names staging keys, the gateway switch, tiers and a value never set before', () => {
    const zero = entry({
      entityId: 'DEFAULT_PRICE_STAGING',
      before: { DEFAULT_PRICE_STAGING: null, ENABLE_PAYMENT_GATEWAY_STAGING: 'true' },
      after: { DEFAULT_PRICE_STAGING: '0', ENABLE_PAYMENT_GATEWAY_STAGING: 'false' },
    });
    expect(auditChange(zero)).toBe('Price (staging) (all venues): (not set) → Rp 0; Payment gateway (staging): on → off');
    const tiers = entry({
      entityId: 'PROMO_TABLE',
      before: { PROMO_TABLE: '[]' },
      after: { PROMO_TABLE: '[{"QUANTITY":2,"PRICE":10000,"ENABLED":true},{"QUANTITY":3,"PRICE":9000,"ENABLED":false}]' },
    });
    expect(auditChange(tiers)).toBe('Bundle tiers (all venues): no tiers → 2 at Rp 10.000 each, 3 at Rp 9.000 each (off)');
  });

  it('reads other actions field by field, with no JSON punctuation', () => {
    const court = entry({
      action: 'field.update',
      entity: 'field',
      entityId: '3',
      before: { name: 'Court 1' },
      after: { name: 'Court A' },
    });
    expect(auditChange(court)).toBe('Court changed (field 3): name: Court 1 → Court A');
    const authorised = entry({ action: 'device.authorize', entity: 'device', entityId: 'kiosk-1', after: { isAuthorized: true } });
    expect(auditChange(authorised)).toBe('Device authorisation (device kiosk-1): isAuthorized yes');
    const deleted = entry({ action: 'venue.delete', entity: 'venue', entityId: '4' });
    expect(auditChange(deleted)).toBe('Venue deleted (venue 4)');
    for (const text of [auditChange(court), auditChange(authorised)]) expect(text).not.toMatch(/[{}"]/);
  });

  it('names the venue of a price or promo change, writes its amounts in rupiah and its times in venue time, in the back-office language', () => {
    const venues = (id: number) => (id === 7 ? 'Arena Satu' : undefined);
    const price = entry({ venueId: 7, before: { DEFAULT_PRICE: '20000' }, after: { DEFAULT_PRICE: '25000' } });
    expect(auditChange(price, undefined, venues)).toBe('Price (Arena Satu): Rp 20.000 → Rp 25.000');
    const promo = entry({
      action: 'promo.update',
      entity: 'promo',
      entityId: '3',
      venueId: 7,
      before: { code: 'WEEKEND', amount: 5000, percent: 0, createdAt: '2026-11-22T07:05:00.000Z' },
      after: { code: 'WEEKEND', amount: 7500, percent: 0, createdAt: '2026-11-22T17:30:00.000Z' },
    });
    // 17:30 UTC is 00:30 the next day at the venue (Asia/Jakarta).
    expect(auditChange(promo, undefined, venues)).toBe(
      'Promo code changed (promo 3) (Arena Satu): amount: Rp 5.000 → Rp 7.500; createdAt: 22/11/2026 14:05 → 23/11/2026 00:30',
    );
    const created = entry({ action: 'promo.create', entity: 'promo', entityId: '4', after: { code: 'ALL', amount: 1000 } });
    expect(auditChange(created, ADMIN_MESSAGES_ID.admins)).toBe(
      `${ADMIN_MESSAGES_ID.admins.auditActions['promo.create']} (promo 4) (semua venue): code ALL, amount Rp 1.000`,
    );
    expect(auditSentence(price, '22/11/2026 14:05', ADMIN_MESSAGES_ID.admins, venues)).toMatch(
      /^Harga.*\(Arena Satu\).*oleh owner@club\.id, pada/,
    );
  });

  it('falls back to the action name for an action it has no words for', () => {
    expect(auditChange(entry({ action: 'thing.new', entity: 'thing', entityId: null }))).toBe('thing.new');
  });
});

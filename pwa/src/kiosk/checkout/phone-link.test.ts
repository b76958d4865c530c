import { PHONE_TOKEN_PATTERN } from '@courtreplay/shared';
import { describe, expect, it } from 'vitest';
import { newPhoneToken, phoneUrlFor } from './phone-link.ts';

describe('the kiosk-drawn phone link', () => {
  it('draws 128-bit base64url tokens the server accepts, never the same twice', () => {
    const tokens = new Set(Array.from({ length: 500 }, newPhoneToken));
    expect(tokens.size).toBe(500);
    for (const token of tokens) {
      expect(token).toMatch(PHONE_TOKEN_PATTERN);
      expect(token).toHaveLength(22);
    }
  });

  it('builds the same address as the server', () => {
    expect(phoneUrlFor('https://replay.example.id/', 'abc')).toBe('https://replay.example.id/p/abc');
    expect(phoneUrlFor('http://192.168.1.5:8080', 'abc')).toBe('http://192.168.1.5:8080/p/abc');
  });
});

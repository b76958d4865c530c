import { describe, expect, it } from 'vitest';
import { phoneUrlFor } from './phone-link.ts';

describe('the phone link on the QR code', () => {
  it('builds the same address as the server', () => {
    expect(phoneUrlFor('https://replay.example.id/', 'abc')).toBe('https://replay.example.id/p/abc');
    expect(phoneUrlFor('http://192.168.1.5:8080', 'abc')).toBe('http://192.168.1.5:8080/p/abc');
  });
});

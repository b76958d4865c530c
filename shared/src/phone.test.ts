import { describe, expect, it } from 'vitest';
import { formatPhone, normalizePhone, whatsappRecipient } from './phone.ts';

describe('WhatsApp numbers', () => {
  it.each(['0812-3456-7890', '+62 812 3456 7890', '62812 3456 7890', '6281234567890', '812 3456 7890', '(0812) 3456.7890'])(
    'reads %s as +6281234567890',
    (typed) => expect(normalizePhone(typed)).toBe('+6281234567890'),
  );

  it('takes another country only with its + prefix', () => {
    expect(normalizePhone('+44 7911 123456')).toBe('+447911123456');
    expect(normalizePhone('07911 123456')).toBeUndefined();
  });

  it.each(['021 5551234', '0812', '12', 'abc', '', '0812-3456-7890-1234-5678-9012-3456-7890', '+62 812 3456 7890; drop'])(
    'refuses %j (not an Indonesian mobile number, or not a number)',
    (typed) => expect(normalizePhone(typed)).toBeUndefined(),
  );

  it('shows an Indonesian number as it is written there, and sends it without +', () => {
    expect(formatPhone('+6281234567890')).toBe('+62 812-3456-7890');
    expect(formatPhone('+447911123456')).toBe('+44 7911 123456');
    expect(whatsappRecipient('+6281234567890')).toBe('6281234567890');
  });
});

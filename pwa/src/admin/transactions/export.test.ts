import { describe, expect, it } from 'vitest';
import { csvField, toCsv, type ExportRow } from './export.ts';

describe('the CSV export', () => {
  it('quotes per RFC 4180: commas, quotes and line breaks, quotes doubled', () => {
    expect(csvField('plain')).toBe('plain');
    expect(csvField('a, b')).toBe('"a, b"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField('two\nlines')).toBe('"two\nlines"');
    expect(csvField(25000)).toBe('25000');
  });

  it('defuses text a spreadsheet would run as a formula', () => {
    for (const text of ['=HYPERLINK("x")', '+1', '-2+3', '@SUM(A1)', '\tx', '\rx']) {
      const field = csvField(text);
      expect(field.replace(/^"/, '').startsWith("'"), text).toBe(true);
    }
    expect(csvField('=a,b')).toBe(`"'=a,b"`);
    expect(csvField('e-mail')).toBe('e-mail');
  });

  it('writes a BOM, the header and CRLF line ends', () => {
    const row: ExportRow = {
      id: 'CR-1',
      email: 'a@b.co',
      videoCount: 1,
      videoTitles: 'x',
      amount: 25000,
      paymentStatus: 'Paid',
      emailStatus: 'Sent',
      date: { year: 2026, month: 11, day: 21, hour: 0, minute: 30 },
      venue: 'Arena',
      court: 'A',
      promoCode: '',
      zipUrl: '',
      staging: 'No',
      discount: 0,
      phone: '+6281234567890',
      whatsappStatus: 'Sent',
      soldOn: 'Phone',
    };
    const csv = toCsv([row]);
    expect(csv.startsWith('\uFEFFID,Email,')).toBe(true);
    expect(csv.split('\r\n')[1]).toBe("CR-1,a@b.co,1,x,25000,Paid,Sent,2026-11-21 00:30,Arena,A,,,No,0,'+6281234567890,Sent,Phone");
    expect(csv.endsWith('\r\n')).toBe(true);
  });
});

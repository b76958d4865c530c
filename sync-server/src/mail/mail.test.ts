import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OutboxMailer } from '../adapters/outbox-mailer.ts';
import { SmtpMailer } from '../adapters/smtp-mailer.ts';
import { frozenClock } from '../testing/clock.ts';
import { composePurchaseMail, type PurchaseMailInput } from './compose.ts';
import { maskAddress } from './redact.ts';
import { startSmtpSink } from './testing/smtp-sink.ts';

const base: PurchaseMailInput = {
  to: 'player@example.com',
  productName: 'CourtReplay',
  language: 'en',
  receipt: {
    id: 'CR-20261122-ABC123',
    venueName: 'Arena Senayan',
    courtName: 'Court 2',
    // 14:05 in Jakarta (UTC+7).
    at: '2026-11-22T07:05:00.000Z',
    clipTitles: ['Rally <one>', 'Match point'],
    subtotal: 30_000,
    discount: 5_000,
    totalAmount: 25_000,
    promoCode: 'WELCOME',
  },
  phoneUrl: 'https://replay.example/p/AbCdEfGhIjKlMnOpQrStUv',
  folderUrl: 'https://replay.example/d/abc',
  retentionDays: 14,
  keptUntil: new Date('2026-12-06T07:05:00.000Z'),
  storedCopy: null,
};

describe('purchase e-mail composition', () => {
  it('makes the phone page the main button, keeps the folder link smaller, in HTML and text', () => {
    const mail = composePurchaseMail(base);
    expect(mail.subject).toBe('Your CourtReplay Is Ready!');
    const main = /<a data-role="main-button" href="([^"]+)"[^>]*>([^<]+)<\/a>/.exec(mail.html);
    expect(main?.[1]).toBe(base.phoneUrl);
    expect(main?.[2]).toBe('Watch and download your clips');
    expect(mail.html).toMatch(/<a data-role="folder-link" href="https:\/\/replay.example\/d\/abc"/);
    // The button comes before the folder link, which is set in a smaller type.
    expect(mail.html.indexOf('main-button')).toBeLessThan(mail.html.indexOf('folder-link'));
    expect(mail.html).toMatch(/font-size:13px[^>]*>Or open the storage folder:/);
    expect(mail.text).toContain(`Watch and download your clips: ${base.phoneUrl}`);
    expect(mail.text).toContain('Or open the storage folder: https://replay.example/d/abc');
    expect(mail.text.indexOf(base.phoneUrl)).toBeLessThan(mail.text.indexOf('/d/abc'));
    // The instructions name the button they point at.
    for (const part of [mail.html, mail.text]) expect(part).toMatch(/Tap (&quot;|")Watch and download your clips(&quot;|") below/);
  });

  it('carries the receipt and the retention date in both parts', () => {
    const mail = composePurchaseMail(base);
    for (const line of [
      'Purchase ID: CR-20261122-ABC123',
      'Venue: Arena Senayan',
      'Court: Court 2',
      'Date and time: 22/11/2026 14:05 WIB',
      'Subtotal: Rp 30.000',
      'Promo code WELCOME: -Rp 5.000',
      'Amount paid: Rp 25.000',
      '- Rally <one>',
      '- Match point',
      'Your clips are kept for 14 days, until 6 December 2026. Please download them before then.',
      'This is an automated email, please do not reply.',
    ]) {
      expect(mail.text).toContain(line);
    }
    for (const cell of [
      'CR-20261122-ABC123',
      'Arena Senayan',
      'Court 2',
      '22/11/2026 14:05 WIB',
      'Rp 30.000',
      'Promo code WELCOME',
      '-Rp 5.000',
      'Rp 25.000',
      'Rally &lt;one&gt;<br>Match point',
      'until 6 December 2026',
    ]) {
      expect(mail.html).toContain(cell);
    }
    const free = composePurchaseMail({
      ...base,
      receipt: { ...base.receipt, subtotal: 0, discount: 0, totalAmount: 0, promoCode: null, courtName: null },
    });
    expect(free.text).toContain('Amount paid: Rp 0 (Free)');
    expect(free.text).not.toContain('Subtotal');
    expect(free.text).not.toContain('Court:');
  });

  it('speaks Indonesian for an Indonesian purchase: defaults, button, receipt and date', () => {
    const mail = composePurchaseMail({ ...base, language: 'id' });
    expect(mail.subject).toBe('CourtReplay Anda Sudah Siap!');
    expect(mail.html).toContain('<html lang="id">');
    expect(/<a data-role="main-button"[^>]*>([^<]+)<\/a>/.exec(mail.html)?.[1]).toBe('Tonton dan unduh klip Anda');
    for (const line of [
      'Video Anda Sudah Siap!',
      'Ketuk "Tonton dan unduh klip Anda" di bawah',
      `Tonton dan unduh klip Anda: ${base.phoneUrl}`,
      'ID Pembelian: CR-20261122-ABC123',
      'Lapangan: Court 2',
      'Tanggal dan waktu: 22/11/2026 14:05 WIB',
      'Kode promo WELCOME: -Rp 5.000',
      'Jumlah dibayar: Rp 25.000',
      'Klip Anda disimpan selama 14 hari, hingga 6 Desember 2026.',
      'Ini adalah email otomatis, mohon tidak membalas.',
    ]) {
      expect(mail.text).toContain(line);
    }
    // What an admin wrote is sent as written; the fields left at their default are Indonesian.
    const custom = composePurchaseMail({
      ...base,
      language: 'id',
      storedCopy: JSON.stringify({ EMAIL_HEADING: 'Selamat, {productName}!' }),
    });
    expect(custom.text).toContain('Selamat, CourtReplay!');
    expect(custom.subject).toBe('CourtReplay Anda Sudah Siap!');
  });

  it('uses stored copy with its placeholders and escapes it; invalid stored JSON falls back to the defaults', () => {
    const stored = JSON.stringify({
      EMAIL_SUBJECT: 'Video {productName} kamu siap',
      EMAIL_HEADING: '<script>alert(1)</script> & "hi"',
      EMAIL_INSTRUCTIONS: 'Press {button}; kept {retentionDays} days.',
    });
    const mail = composePurchaseMail({ ...base, storedCopy: stored });
    expect(mail.subject).toBe('Video CourtReplay kamu siap');
    expect(mail.html).not.toContain('<script>');
    expect(mail.html).toContain('&lt;script&gt;alert(1)&lt;/script&gt; &amp; &quot;hi&quot;');
    expect(mail.text).toContain('<script>alert(1)</script>');
    expect(mail.text).toContain('Press Watch and download your clips; kept 14 days.');
    expect(composePurchaseMail({ ...base, storedCopy: '{not json' }).subject).toBe('Your CourtReplay Is Ready!');
  });

  it('never puts a non-http link in an href', () => {
    const mail = composePurchaseMail({ ...base, phoneUrl: 'javascript:alert(1)', folderUrl: 'javascript:alert(2)' });
    expect(mail.html).not.toContain('href="javascript:');
  });
});

describe('mailers', () => {
  let sink: Awaited<ReturnType<typeof startSmtpSink>>;
  beforeAll(async () => {
    sink = await startSmtpSink();
  });
  afterAll(() => sink.close());

  it('SMTP: a real loopback server receives the message with the sender, recipient, subject and link', async () => {
    const mailer = new SmtpMailer({
      url: sink.url,
      from: 'CourtReplay <no-reply@courtreplay.test>',
      ehloName: 'replay.example',
      ca: sink.ca,
    });
    await mailer.send(composePurchaseMail(base));
    mailer.close();
    expect(sink.received).toHaveLength(1);
    const [mail] = sink.received;
    expect(mail!.from).toBe('no-reply@courtreplay.test');
    expect(mail!.to).toEqual(['player@example.com']);
    expect(mail!.subject).toBe('Your CourtReplay Is Ready!');
    expect(mail!.decoded).toContain('https://replay.example/p/AbCdEfGhIjKlMnOpQrStUv');
    expect(mail!.raw).toMatch(/multipart\/alternative/);
  });

  it('outbox: writes a real RFC 822 .eml into DATA_DIR/outbox and logs the recipient masked', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'courtreplay-outbox-'));
    const lines: string[] = [];
    const logger = pino({ level: 'info' }, { write: (line: string) => void lines.push(line) });
    try {
      await new OutboxMailer(dir, 'CourtReplay <no-reply@courtreplay.test>', frozenClock(), logger).send(composePurchaseMail(base));
      const files = readdirSync(join(dir, 'outbox'));
      expect(files).toHaveLength(1);
      expect(files[0]).toMatch(/\.eml$/);
      const eml = readFileSync(join(dir, 'outbox', files[0]!), 'utf8');
      expect(eml).toMatch(/^From: CourtReplay <no-reply@courtreplay.test>\r$/m);
      expect(eml).toMatch(/^To: player@example.com\r$/m);
      expect(eml).toMatch(/^Subject: Your CourtReplay Is Ready!\r$/m);
      expect(eml).toContain('Content-Type: text/html');
      expect(lines.join('')).toContain(maskAddress('player@example.com'));
      expect(lines.join('')).not.toContain('player@example.com');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

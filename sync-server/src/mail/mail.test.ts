import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OutboxMailer } from '../adapters/outbox-mailer.ts';
import { SmtpMailer } from '../adapters/smtp-mailer.ts';
import { frozenClock } from '../testing/clock.ts';
import { composePurchaseMail } from './compose.ts';
import { startSmtpSink } from './testing/smtp-sink.ts';

const base = {
  to: 'player@example.com',
  productName: 'CourtReplay',
  purchaseId: 42,
  clipCount: 3,
  link: 'https://replay.example/d/abc',
  storedCopy: null,
};

describe('purchase e-mail composition', () => {
  it('uses the defaults with the product name, the purchase id, the clip count and the link, in HTML and text', () => {
    const mail = composePurchaseMail(base);
    expect(mail.subject).toBe('Your CourtReplay Is Ready!');
    for (const part of [mail.html, mail.text]) {
      expect(part).toContain('Your Videos Are Ready!');
      expect(part).toContain('#42');
      expect(part).toContain('3 videos');
      expect(part).toContain('https://replay.example/d/abc');
      expect(part).toContain('This is an automated email, please do not reply.');
    }
    expect(mail.html).toContain('href="https://replay.example/d/abc"');
  });

  it('puts the link in the plain text where the instructions point: below them, where the HTML has its button', () => {
    const { text } = composePurchaseMail(base);
    const instructions = text.indexOf('Use the button below');
    expect(instructions).toBeGreaterThan(-1);
    expect(text.indexOf('Open your videos: https://replay.example/d/abc')).toBeGreaterThan(instructions);
  });

  it('uses stored copy and escapes it; invalid stored JSON falls back to the defaults', () => {
    const stored = JSON.stringify({ EMAIL_SUBJECT: 'Video {productName} kamu siap', EMAIL_HEADING: '<script>alert(1)</script> & "hi"' });
    const mail = composePurchaseMail({ ...base, storedCopy: stored });
    expect(mail.subject).toBe('Video CourtReplay kamu siap');
    expect(mail.html).not.toContain('<script>');
    expect(mail.html).toContain('&lt;script&gt;alert(1)&lt;/script&gt; &amp; &quot;hi&quot;');
    expect(mail.text).toContain('<script>alert(1)</script>');
    expect(composePurchaseMail({ ...base, storedCopy: '{not json' }).subject).toBe('Your CourtReplay Is Ready!');
  });

  it('says "1 video" for a single clip and never puts a non-http link in an href', () => {
    const mail = composePurchaseMail({ ...base, clipCount: 1, link: 'javascript:alert(1)' });
    expect(mail.text).toContain('(1 video)');
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
    expect(mail!.decoded).toContain('https://replay.example/d/abc');
    expect(mail!.raw).toMatch(/multipart\/alternative/);
  });

  it('outbox: writes a real RFC 822 .eml into DATA_DIR/outbox and logs the recipient', async () => {
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
      expect(lines.join('')).toContain('player@example.com');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

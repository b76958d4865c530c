// The CMS tab's e-mail preview shows what is sent: the same copy, composed by the same function,
// lands in the real e-mail (loopback SMTP) in the same words and the same order.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { bodyOf, makeAdapterTestApp, seedPurchase, type AdapterTestApp } from '../adapters/testing/adapter-app.ts';
import { startSmtpSink } from '../mail/testing/smtp-sink.ts';
import { setFolder } from '../purchases/queries.ts';
import type { SeededAdmin } from '../testing/index.ts';

const COPY = {
  EMAIL_SUBJECT: 'Rekaman {productName} siap',
  EMAIL_HEADING: 'Great <game>!',
  EMAIL_THANK_YOU: 'Thanks for playing at our courts.',
  EMAIL_INSTRUCTIONS: 'Press "{button}" to see them; we keep them {retentionDays} days.',
  EMAIL_CLOSING: '',
  EMAIL_FOOTER: 'Sent by the venue.',
};

let sink: Awaited<ReturnType<typeof startSmtpSink>>;
let t: AdapterTestApp;
let superAdmin: SeededAdmin;

beforeEach(async () => {
  sink = await startSmtpSink();
  t = await makeAdapterTestApp({ smtpUrl: sink.url, smtpCa: sink.ca });
  superAdmin = await t.seed.admin({ role: 'super_admin' });
});
afterEach(async () => {
  await t.delivery.idle();
  await t.close();
  await sink.close();
});

const preview = (body: unknown, headers = superAdmin.headers) => t.json('POST', '/api/admin/cms/email-preview', body, headers);

/** The copy's own lines, in order: what the admin wrote (and the button it names), not the purchase's details. */
const copyLines = (text: string, copy: string[]) => text.split('\n').filter((line) => copy.some((part) => part && line.includes(part)));

describe('POST /api/admin/cms/email-preview', () => {
  it('equals what is sent: subject, every copy line in the same order, the button, in HTML and text', async () => {
    const answer = await preview({ copy: COPY });
    expect(answer.status).toBe(200);
    const shown = await bodyOf(answer);
    expect(shown.subject).toBe('Rekaman CourtReplay siap');
    expect(shown.html).toContain('Great &lt;game&gt;!');
    expect(shown.text).toContain('Press "Watch and download your clips" to see them; we keep them 14 days.');

    // The admin saves that copy; a real purchase's e-mail then goes out.
    await t.call(
      'updateConfig',
      { body: { key: 'CMS_EMAIL_COPY', value: JSON.stringify(COPY) } },
      { headers: superAdmin.headers, status: 200 },
    );
    const { purchase, token, device } = await seedPurchase(t);
    await t.call('simulatePayment', { params: { token: token, outcome: 'success' } }, { raw: true });
    await setFolder(t.db, purchase.id, { folderId: 'AbCdEfGhIjKlMnOpQrStUv', folderUrl: 'https://replay.example/d/x' }, new Date());
    await t.call(
      'updateZipUrl',
      { params: { id: purchase.id }, body: { zipUrl: 'https://replay.example/d/x', error: false } },
      { headers: device.headers },
    );
    await t.delivery.idle();
    const [sent] = sink.received;
    expect(sent!.subject).toBe(shown.subject);

    const parts = [
      'Great <game>!',
      'Thanks for playing at our courts.',
      'Press "Watch and download your clips"',
      'Watch and download your clips:',
      'Your clips are kept for 14 days',
      // A blank field takes its default, in both.
      'If you have any questions',
      'Sent by the venue.',
    ];
    const shownLines = copyLines(shown.text, parts);
    expect(shownLines.map((line) => line.replace(/https?:\S+|until .*/g, ''))).toEqual(
      copyLines(sent!.text, parts).map((line) => line.replace(/https?:\S+|until .*/g, '')),
    );
    expect(shownLines).toHaveLength(parts.length);
    // The HTML around the copy is the same template: same sections, same button (one link per clip:
    // the sample has two clips, the purchase three, so a run of clip links counts once).
    const skeleton = (html: string) =>
      (html.match(/<(h1|h2|a data-role="[a-z-]+"|p style="[^"]*")/g) ?? []).filter((tag, i, all) => tag !== all[i - 1]).join('|');
    expect(skeleton(shown.html)).toBe(skeleton(sent!.html));
  });

  it('shows the Indonesian e-mail for language id, and is for super admins only', async () => {
    const shown = await bodyOf(preview({ copy: {}, language: 'id' }));
    expect(shown.subject).toBe('CourtReplay Anda Sudah Siap!');
    expect(shown.text).toContain('Tonton dan unduh klip Anda');
    const venue = await t.seed.venue({ name: 'Arena' });
    const admin = await t.seed.admin({ role: 'admin', venueId: venue.id });
    expect((await preview({ copy: {} }, admin.headers)).status).toBe(403);
    expect((await preview({ copy: { EMAIL_SUBJECT: 1 } })).status).toBe(400);
    expect((await preview({ copy: { NOT_A_FIELD: 'x' } })).status).toBe(400);
  });
});

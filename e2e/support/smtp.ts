// A loopback SMTP server (STARTTLS with a self-signed certificate) for a browser file whose server
// sends real e-mail. Call `useSmtpSink` above `useRig`: its sink is running before the rig's server
// starts (vitest runs a file's beforeAll hooks in order) and is closed after that server stops
// (afterAll hooks run in reverse).
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import { startSmtpSink, type SmtpSink, type SmtpSinkOptions } from '@courtreplay/sync-server/testing/smtp-sink';

export interface SmtpRig {
  /** The running sink: what it received and the logins it saw. */
  readonly sink: SmtpSink;
  /**
   * The server's mail settings for this sink: SMTP_URL (`url` picks another login), MAIL_FROM, and
   * the sink's certificate trusted through NODE_EXTRA_CA_CERTS.
   */
  env(url?: (sink: SmtpSink) => string): Record<string, string>;
}

export function useSmtpSink(options: SmtpSinkOptions = {}): SmtpRig {
  let sink: SmtpSink | undefined;
  let caDir: string | undefined;

  beforeAll(async () => {
    sink = await startSmtpSink(options);
    caDir = mkdtempSync(join(tmpdir(), 'courtreplay-smtp-ca-'));
    writeFileSync(join(caDir, 'loopback.pem'), sink.ca);
  });
  afterAll(async () => {
    await sink?.close();
    if (caDir) rmSync(caDir, { recursive: true, force: true });
  });

  const started = (): SmtpSink => {
    if (!sink) throw new Error('the SMTP sink is used before its set-up started it (call useSmtpSink above useRig)');
    return sink;
  };
  return {
    get sink() {
      return started();
    },
    env: (url = (running) => running.url) => ({
      SMTP_URL: url(started()),
      MAIL_FROM: 'Arena <replay@venue.example>',
      NODE_EXTRA_CA_CERTS: join(caDir!, 'loopback.pem'),
    }),
  };
}

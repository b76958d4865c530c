// /api/admin/integrations: super admins only, the panel's status and each Test connection, on the
// embedded adapters (simulator, local disk, .eml outbox) and on a loopback SMTP server.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { INTEGRATION_MESSAGES, integrationsResponseSchema, integrationTestResultSchema } from '@courtreplay/shared';
import { bodyOf, makeAdapterTestApp, type AdapterTestApp } from '../adapters/testing/adapter-app.ts';
import { startSmtpSink, type SmtpSink } from '../mail/testing/smtp-sink.ts';

let t: AdapterTestApp;
let sink: SmtpSink | undefined;
afterEach(async () => {
  await t.close();
  await sink?.close();
  sink = undefined;
});

describe('/api/admin/integrations', () => {
  it('answers 401 without a session and 403 to an admin, for the status and every test', async () => {
    t = await makeAdapterTestApp();
    const venue = await t.seed.venue({ name: 'Arena' });
    const admin = await t.seed.admin({ role: 'admin', venueId: venue.id });
    await t.call('integrationHealth', {}, { status: 401 });
    await t.call('integrationHealth', {}, { headers: admin.headers, status: 403 });
    for (const kind of ['payments', 'storage', 'mail', 'whatsapp']) {
      await t.call('testIntegration', { params: { kind } }, { headers: admin.headers, status: 403 });
    }
    expect(t.deps.health!.status('mail').lastSuccessAt).toBeUndefined();
  });

  it('lists each integration with its adapter, last success and last error; an unknown kind is 404', async () => {
    t = await makeAdapterTestApp();
    const owner = await t.seed.admin({ role: 'super_admin' });
    const body = integrationsResponseSchema.parse(await bodyOf(t.call('integrationHealth', {}, { headers: owner.headers, raw: true })));
    expect(body).toEqual({
      integrations: [
        { kind: 'payments', adapter: 'simulator', lastSuccessAt: null, lastError: null },
        { kind: 'storage', adapter: 'local', lastSuccessAt: null, lastError: null },
        { kind: 'mail', adapter: 'outbox', lastSuccessAt: null, lastError: null },
        { kind: 'whatsapp', adapter: 'outbox', lastSuccessAt: null, lastError: null },
      ],
      alerts: [],
    });
    const unknown = await t.call('testIntegration', { params: { kind: 'dropbox' } }, { headers: owner.headers, raw: true });
    expect(unknown.status).toBe(404);
    expect(await bodyOf(unknown)).toEqual({ message: INTEGRATION_MESSAGES.unknownIntegration });
  });

  it('tests the embedded adapters: the simulator is active, the outbox gets a test .eml; the success is recorded', async () => {
    t = await makeAdapterTestApp();
    const owner = await t.seed.admin({ role: 'super_admin', email: 'owner@venue.example' });
    const payments = integrationTestResultSchema.parse(
      await bodyOf(t.call('testIntegration', { params: { kind: 'payments' } }, { headers: owner.headers, raw: true })),
    );
    expect(payments).toEqual({ ok: true, message: INTEGRATION_MESSAGES.simulatorActive });

    const mail = await bodyOf(t.call('testIntegration', { params: { kind: 'mail' } }, { headers: owner.headers, raw: true }));
    expect(mail).toMatchObject({ ok: true, details: { file: expect.stringMatching(/outbox\/.*\.eml$/) } });
    expect(mail.message).toBe(INTEGRATION_MESSAGES.outboxWritten(mail.details.file));
    expect(existsSync(mail.details.file)).toBe(true);
    expect(readFileSync(mail.details.file, 'utf8')).toMatch(/^To: owner@venue\.example/m);

    const storage = integrationTestResultSchema.parse(
      await bodyOf(t.call('testIntegration', { params: { kind: 'storage' } }, { headers: owner.headers, raw: true })),
    );
    expect(storage.ok).toBe(true);

    // WHATSAPP=outbox (the default outside production without Cloud API variables).
    const whatsapp = await bodyOf(t.call('testIntegration', { params: { kind: 'whatsapp' } }, { headers: owner.headers, raw: true }));
    expect(whatsapp).toMatchObject({ ok: true, message: INTEGRATION_MESSAGES.whatsappOutbox(join(t.dir, 'whatsapp-outbox')) });

    const status = await bodyOf(t.call('integrationHealth', {}, { headers: owner.headers, raw: true }));
    for (const row of status.integrations) expect(row.lastSuccessAt).toBe(t.clock.now().toISOString());
  });

  it('tests SMTP: a wrong password fails plainly, is kept as the last error and raises the alert', async () => {
    sink = await startSmtpSink({ auth: { user: 'replay', pass: 'right' } });
    t = await makeAdapterTestApp({ smtpUrl: sink.urlWith('replay', 'wrong'), smtpCa: sink.ca });
    const owner = await t.seed.admin({ role: 'super_admin', email: 'owner@venue.example' });
    const res = await t.call('testIntegration', { params: { kind: 'mail' } }, { headers: owner.headers, raw: true });
    expect(res.status).toBe(200);
    const result = integrationTestResultSchema.parse(await bodyOf(res));
    expect(result.ok).toBe(false);
    expect(result.message).toContain(INTEGRATION_MESSAGES.smtpRefusedLogin);
    expect(sink.received).toHaveLength(0);
    await t.deps.health!.flush();
    const status = await bodyOf(t.call('integrationHealth', {}, { headers: owner.headers, raw: true }));
    expect(status.integrations[2]).toMatchObject({ adapter: 'smtp', lastError: { message: expect.stringContaining('535') } });
    expect(status.alerts).toHaveLength(1);
  });
});

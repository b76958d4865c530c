// The contract's two guards: the server's route() only lets declared answers out, and the tests'
// checkAgainstContract refuses undeclared statuses, shapes and calls.
import { defineEndpoint } from '@courtreplay/shared';
import { Hono } from 'hono';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { STATUS_OF, type AppDeps, type AppEnv } from '../app.ts';
import { checkAgainstContract } from '../testing/contract-check.ts';
import { route } from './contract.ts';
import { DomainError } from '../errors.ts';

const sample = defineEndpoint({
  method: 'POST',
  path: '/api/sample/:id',
  tag: 'test',
  summary: 'sample',
  access: 'public',
  params: z.object({ id: z.string().regex(/^\d+$/).transform(Number) }),
  unknownMessage: 'Sample not found',
  body: z.strictObject({ name: z.string().min(1) }),
  responses: { 200: z.object({ id: z.number(), name: z.string() }) },
});

function appWith(contractCheck: boolean, answer: (id: number, name: string) => object) {
  const app = new Hono<AppEnv>();
  const log = pino({ level: 'silent' });
  app.use((c, next) => {
    c.set('deps', { contractCheck } as AppDeps);
    c.set('log', log);
    return next();
  });
  route(app, sample).handle(async (_c, { params, body }) => ({
    status: 200,
    body: answer(params.id, body.name) as { id: number; name: string },
  }));
  app.onError((err, c) => c.json({ message: err.message }, err instanceof DomainError ? STATUS_OF[err.code] : 500));
  return app;
}

const post = (app: Hono<AppEnv>, path: string, body: string) =>
  app.request(path, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body });

describe('route() built from a definition', () => {
  it('parses params and body with the schemas: an unknown id is 404, bad input 400', async () => {
    const app = appWith(true, (id, name) => ({ id, name }));
    expect(await (await post(app, '/api/sample/7', '{"name":"a"}')).json()).toEqual({ id: 7, name: 'a' });
    const unknown = await post(app, '/api/sample/x', '{"name":"a"}');
    expect([unknown.status, await unknown.json()]).toEqual([404, { message: 'Sample not found' }]);
    const bad = await post(app, '/api/sample/7', '{"name":""}');
    expect(bad.status).toBe(400);
  });

  it('drops a field the definition does not name (production), and fails on it in tests', async () => {
    const leaky = (id: number, name: string) => ({ id, name, passwordHash: 'secret' });
    const production = await post(appWith(false, leaky), '/api/sample/1', '{"name":"a"}');
    expect(await production.json()).toEqual({ id: 1, name: 'a' });
    const tested = await post(appWith(true, leaky), '/api/sample/1', '{"name":"a"}');
    expect(tested.status).toBe(500);
    expect(((await tested.json()) as { message: string }).message).toContain('passwordHash');
  });

  it('fails in tests when an answer does not match its schema', async () => {
    const wrong = await post(
      appWith(true, (id) => ({ id: String(id), name: 1 })),
      '/api/sample/1',
      '{"name":"a"}',
    );
    expect(wrong.status).toBe(500);
    expect(((await wrong.json()) as { message: string }).message).toMatch(/does not match its schema/);
  });
});

describe('checkAgainstContract', () => {
  const json = (status: number, body: unknown) =>
    new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

  it('accepts declared answers and implied errors in the one error shape', async () => {
    await expect(
      checkAgainstContract('GET', '/api/venue', json(200, [{ id: 1, name: 'A', location: 'B', language: 'en', createdAt: 'x' }])),
    ).resolves.toBeUndefined();
    await expect(checkAgainstContract('GET', '/api/venue', json(401, { message: 'You are not logged in.' }))).resolves.toBeUndefined();
    await expect(checkAgainstContract('GET', '/api/no-such-call', json(404, { message: 'Not found' }))).resolves.toBeUndefined();
  });

  it('refuses an undeclared status, a body its schema refuses, an error without a message and an unnamed call', async () => {
    await expect(checkAgainstContract('GET', '/api/venue', json(409, { message: 'x' }))).rejects.toThrow(/does not declare/);
    await expect(checkAgainstContract('GET', '/api/venue', json(200, [{ id: 'one' }]))).rejects.toThrow(/schema refuses/);
    await expect(checkAgainstContract('PUT', '/api/venue/3', json(404, { error: 'x' }))).rejects.toThrow(/error shape/);
    await expect(checkAgainstContract('GET', '/api/secret-call', json(200, {}))).rejects.toThrow(/no endpoint definition/);
  });
});

// The API's description is generated, served and committed: the committed copy must be what the
// definitions generate today, and every defined call must be documented.
import { endpoints, openApiPath, ROUTES } from '@courtreplay/shared';
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTestApp, type TestApp } from '../testing/index.ts';
import { OPENAPI_COPY, openApiDocument } from './routes.ts';

describe('the OpenAPI document', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await makeTestApp();
  });
  afterAll(() => t.close());

  it('is committed as generated (run `npm run openapi` after changing an endpoint)', () => {
    const committed: unknown = JSON.parse(readFileSync(OPENAPI_COPY, 'utf8'));
    expect(committed, 'docs/openapi.json is stale: run `npm run openapi`').toEqual(openApiDocument());
  });

  it('documents every defined call with its method, path and answers', async () => {
    const res = await t.app.request('/api/openapi.json');
    expect(res.status).toBe(200);
    const served = (await res.json()) as {
      openapi: string;
      paths: Record<string, Record<string, { operationId: string; responses: object }>>;
    };
    expect(served.openapi).toBe('3.1.0');
    for (const [name, endpoint] of Object.entries(endpoints)) {
      const operation = served.paths[openApiPath(endpoint.path)]?.[endpoint.method.toLowerCase()];
      expect(operation?.operationId, name).toBe(name);
      expect(Object.keys(operation?.responses ?? {}).length, name).toBeGreaterThan(0);
    }
  });

  it('defines every call of the route table, and no call outside it', () => {
    expect(Object.keys(endpoints).sort()).toEqual(Object.keys(ROUTES).sort());
  });

  it('serves a reference page whose scripts come from this server', async () => {
    const page = await t.app.request('/api/docs');
    expect(page.status).toBe(200);
    const html = await page.text();
    const scripts = [...html.matchAll(/<script src="([^"]+)"/g)].map((m) => m[1]!);
    expect(scripts).toEqual(['/api/docs/swagger-ui-bundle.js', '/api/docs/start.js']);
    for (const src of [...scripts, '/api/docs/swagger-ui.css']) {
      const asset = await t.app.request(src);
      expect(asset.status, src).toBe(200);
      expect((await asset.text()).length, src).toBeGreaterThan(20);
    }
    expect((await t.app.request('/api/docs/..%2Fpackage.json')).status).toBe(404);
  });
});

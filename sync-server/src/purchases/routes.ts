// /api/transaction: thin handlers that parse with the shared schemas and call the services.
import {
  createPurchaseBodySchema,
  listPurchasesQuerySchema,
  PURCHASE_MESSAGES,
  SERVER_MESSAGES,
  updateZipUrlBodySchema,
} from '@courtreplay/shared';
import { Hono } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { AppEnv } from '../app.ts';
import { currentAdmin, currentDevice, requireAdmin, requireAuthorisedDevice, requireDeviceOrAdmin, venueScope } from '../http/auth.ts';
import { invalidInput } from '../errors.ts';
import { parseWith } from '../http/validation.ts';
import { createPurchase } from './create-purchase.ts';
import { parseIdempotencyKey, requestHash, withIdempotency } from './idempotency.ts';
import { filterFor, listPurchases } from './list-purchases.ts';
import { abandonPurchase, resendEmail, updateZipUrl, type Caller } from './manage-purchase.ts';

/** Purchase ids are ours (`CR-...`); anything longer than an order_id can be is unknown anyway. */
const purchaseIdParam = (raw: string | undefined) => (raw ?? '').slice(0, 50);

async function readJson(c: { req: { json(): Promise<unknown> } }): Promise<unknown> {
  try {
    return await c.req.json();
  } catch {
    throw invalidInput(SERVER_MESSAGES.request.invalidJson);
  }
}

export function purchaseRoutes(): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();

  routes.post('/', requireAuthorisedDevice, async (c) => {
    const deps = c.var.deps;
    const device = currentDevice(c);
    const raw = await readJson(c);
    const input = parseWith(createPurchaseBodySchema, raw);
    const key = parseIdempotencyKey(c.req.header('Idempotency-Key'));
    if (key === undefined) {
      const created = await createPurchase(deps, device, input);
      return c.json(created.body, created.status);
    }
    const answer = await withIdempotency(
      deps.db,
      { deviceId: device.deviceId, key, hash: requestHash(raw), now: deps.clock.now() },
      (run) => createPurchase(deps, device, input, run),
    );
    if (answer.replayed) c.header('Idempotent-Replayed', 'true');
    return c.json(answer.body as object, answer.status as ContentfulStatusCode);
  });

  routes.get('/', requireAdmin, async (c) => {
    const admin = currentAdmin(c);
    const query = parseWith(listPurchasesQuerySchema, c.req.query());
    const page = await listPurchases(c.var.deps.db, filterFor(query, venueScope(admin)), query.page, query.limit);
    return c.json(page);
  });

  routes.put('/:id/zipUrl', requireDeviceOrAdmin, async (c) => {
    const admin = c.get('admin');
    const caller: Caller = admin ? { admin } : { device: currentDevice(c) };
    const body = parseWith(updateZipUrlBodySchema, await readJson(c));
    const transaction = await updateZipUrl(c.var.deps, purchaseIdParam(c.req.param('id')), caller, body);
    return c.json({ message: PURCHASE_MESSAGES.updated, transaction });
  });

  routes.post('/:id/abandon', requireAuthorisedDevice, async (c) => {
    const transaction = await abandonPurchase(c.var.deps, purchaseIdParam(c.req.param('id')), currentDevice(c));
    return c.json({ transaction });
  });

  routes.post('/:id/resend-email', requireAdmin, async (c) => {
    const answer = await resendEmail(c.var.deps, purchaseIdParam(c.req.param('id')), currentAdmin(c));
    return c.json(answer);
  });

  return routes;
}

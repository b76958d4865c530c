// /api/transaction: the routes built from the shared definitions (shared/src/contract/purchases.ts);
// thin handlers that call the services.
import { endpoints, formatPhone, MESSAGES, PURCHASE_MESSAGES, type CreatePurchaseResponse } from '@courtreplay/shared';
import { auditRoute } from '../audit/record.ts';
import { Hono } from 'hono';
import type { AppEnv } from '../app-env.ts';
import { currentAdmin, currentDevice, venueScope } from '../http/auth.ts';
import { route } from '../http/contract.ts';
import { createPurchase, purchaseReplayCodec } from './create-purchase.ts';
import { parseIdempotencyKey, requestHash, withIdempotency } from './idempotency.ts';
import { filterFor, listPurchases } from './list-purchases.queries.ts';
import { correctPurchaseContact, correctPurchaseEmail, erasePurchase } from './player-data.ts';
import { findContact } from './queries.ts';
import { purchaseTimeline } from './timeline.ts';
import { abandonPurchase, endPurchasePayment, purchaseStatus, resendEmail, updateZipUrl, type Caller } from './manage-purchase.ts';

export function purchaseRoutes(): Hono<AppEnv> {
  const app = new Hono<AppEnv>();

  route(app, endpoints.createPurchase).handle(async (c, { body, rawBody }) => {
    const deps = c.var.deps;
    const device = currentDevice(c);
    const key = parseIdempotencyKey(c.req.header('Idempotency-Key'));
    if (key === undefined) return createPurchase(deps, device, body);
    // The hash is of the body as sent, so a retry is recognised however the schema would reshape it.
    const answer = await withIdempotency(
      deps.db,
      { deviceId: device.deviceId, key, hash: requestHash(rawBody), now: deps.clock.now() },
      (run) => createPurchase(deps, device, body, run),
      purchaseReplayCodec(deps),
    );
    if (answer.replayed) c.header('Idempotent-Replayed', 'true');
    // Only a created purchase's answer is kept for a key, so a replay is that same 201.
    return { status: 201, body: answer.body as CreatePurchaseResponse };
  });

  route(app, endpoints.listPurchases).handle(async (c, { query }) => {
    const page = await listPurchases(c.var.deps.db, filterFor(query, venueScope(currentAdmin(c))), query.page, query.limit);
    return { status: 200, body: page };
  });

  route(app, endpoints.updateZipUrl).handle(async (c, { params, body }) => {
    const admin = c.get('admin');
    const caller: Caller = admin ? { admin } : { device: currentDevice(c) };
    const transaction = await updateZipUrl(c.var.deps, params.id, caller, body);
    return { status: 200, body: { message: PURCHASE_MESSAGES.updated, transaction } };
  });

  route(app, endpoints.abandonPurchase).handle(async (c, { params }) => {
    const transaction = await abandonPurchase(c.var.deps, params.id, currentDevice(c));
    return { status: 200, body: { transaction } };
  });

  route(app, endpoints.endPurchasePayment).handle(async (c, { params }) => {
    return { status: 200, body: await endPurchasePayment(c.var.deps, params.id, currentDevice(c)) };
  });

  route(app, endpoints.purchaseStatus).handle(async (c, { params }) => {
    return { status: 200, body: await purchaseStatus(c.var.deps, params.id, currentDevice(c)) };
  });

  route(app, endpoints.purchaseTimeline).handle(async (c, { params }) => {
    return { status: 200, body: await purchaseTimeline(c.var.deps, params.id, currentAdmin(c)) };
  });

  route(app, endpoints.resendEmail).handle(async (c, { params }) => {
    const { answer, channel } = await resendEmail(c.var.deps, params.id, currentAdmin(c));
    const action = channel === 'whatsapp' ? 'transaction.resend_whatsapp' : 'transaction.resend';
    await auditRoute(c, { action, entity: 'transaction', entityId: params.id });
    return { status: 200, body: answer };
  });

  route(app, endpoints.updatePurchaseEmail).handle(async (c, { params, body }) => {
    const before = await findContact(c.var.deps.db, params.id);
    const transaction = await correctPurchaseEmail(c.var.deps, params.id, currentAdmin(c), body.email);
    await auditRoute(c, {
      action: 'transaction.email',
      entity: 'transaction',
      entityId: params.id,
      venueId: transaction.venueId ?? null,
      before: before ? { email: before.email } : null,
      after: { email: transaction.email },
    });
    return { status: 200, body: { message: MESSAGES.transactions.emailCorrected(transaction.email), transaction } };
  });

  route(app, endpoints.updatePurchaseContact).handle(async (c, { params, body }) => {
    const before = await findContact(c.var.deps.db, params.id);
    const transaction = await correctPurchaseContact(c.var.deps, params.id, currentAdmin(c), body);
    await auditRoute(c, {
      action: 'transaction.contact',
      entity: 'transaction',
      entityId: params.id,
      venueId: transaction.venueId ?? null,
      before: before ? { email: before.email, phone: before.phone } : null,
      after: { email: transaction.email, phone: transaction.phone },
    });
    const contact = [body.email, body.phone ? formatPhone(body.phone) : undefined].filter(Boolean).join(', ');
    return { status: 200, body: { message: MESSAGES.transactions.contactCorrected(contact), transaction } };
  });

  route(app, endpoints.erasePurchase).handle(async (c, { params }) => {
    const transaction = await erasePurchase(c.var.deps, params.id, currentAdmin(c));
    await auditRoute(c, { action: 'transaction.erase', entity: 'transaction', entityId: params.id, venueId: transaction.venueId ?? null });
    return { status: 200, body: { message: MESSAGES.transactions.erasedDone, transaction } };
  });

  return app;
}

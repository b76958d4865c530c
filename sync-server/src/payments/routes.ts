// /api/payment: the provider's webhook and the PWA's client configuration, built from the shared
// definitions (shared/src/contract/payments.ts); /api/payment/simulator: snap.js plus the button
// endpoints it calls, mounted for the simulator adapter alone (a development tool, defined in the contract too).
import { endpoints, ROUTES, SERVER_MESSAGES } from '@courtreplay/shared';
import { readFileSync } from 'node:fs';
import { Hono, type Context } from 'hono';
import type { PaymentSimulator, SimulatedOutcome } from '../adapters/ports.ts';
import type { AppEnv } from '../app-env.ts';
import { DomainError, invalidInput, notFound } from '../errors.ts';
import { route } from '../http/contract.ts';
import { serverFile } from '../paths.ts';
import { handleNotification, type NotificationDeps } from './notification.ts';
import { renderSimulatorPage } from './simulator-page.ts';

const SNAP_SIMULATOR_JS = readFileSync(serverFile('src/payments/assets/snap-simulator.js'), 'utf8');

function notificationDeps(c: Context<AppEnv>): NotificationDeps {
  const { db, clock, payments, delivery } = c.var.deps;
  if (!payments || !delivery) throw new DomainError('unavailable', SERVER_MESSAGES.payments.notConfigured);
  return { db, clock, logger: c.var.log, payments, delivery, paymentWindowMs: c.var.deps.config.pendingPaymentExpiryMs };
}

export function paymentRoutes(): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();

  route(routes, endpoints.paymentClientConfig).handle(async (c, { query }) => {
    const payments = c.var.deps.payments;
    if (!payments) throw new DomainError('unavailable', SERVER_MESSAGES.payments.notConfigured);
    return { status: 200, body: { ...payments.clientConfig(query.staging), provider: payments.name } };
  });

  // Anyone may post to this public address: whatever is not a notification gets the one message,
  // a body that is not JSON too (route() alone would answer 'Request body must be valid JSON').
  routes.post(ROUTES.paymentNotification.path, async (c, next) => {
    await c.req.json().catch(() => {
      throw invalidInput(SERVER_MESSAGES.payments.notANotification);
    });
    await next();
  });
  route(routes, endpoints.paymentNotification).handle(async (c, { rawBody }) => ({
    status: 200,
    body: await handleNotification(notificationDeps(c), rawBody),
  }));

  return routes;
}

/** Mounted by app.ts (its paths are the contract's /api/payment/simulator/*) when the provider is the simulator (isPaymentSimulator); absent with Midtrans. */
export function simulatorRoutes(simulator: PaymentSimulator): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();
  const openToken = (token: string | undefined) => {
    const opened = simulator.openToken(token ?? '');
    if (!opened) throw notFound(SERVER_MESSAGES.payments.unknownToken);
    return opened;
  };

  route(routes, endpoints.simulatorScript).handle(async (c) => {
    c.header('Content-Type', 'text/javascript; charset=utf-8');
    c.header('Cache-Control', 'no-cache');
    return c.body(SNAP_SIMULATOR_JS);
  });

  route(routes, endpoints.simulatorPayPage).handle(async (c, { params }) =>
    c.html(renderSimulatorPage(params.token, openToken(params.token)), 200, { 'Cache-Control': 'no-store' }),
  );

  // A button of the redirect-mode page: the outcome as the panel's, then back as Snap's finish redirect.
  route(routes, endpoints.simulatorPayForm).handle(async (c, { params }) => {
    const token = openToken(params.token);
    if (!token.returnUrl) throw invalidInput(SERVER_MESSAGES.payments.notRedirect);
    const form = await c.req.parseBody().catch(() => ({}) as Record<string, unknown>);
    const outcome = form.outcome;
    if (outcome === 'close') return c.redirect(token.returnUrl, 303);
    if (outcome !== 'success' && outcome !== 'pending' && outcome !== 'failure')
      throw invalidInput(SERVER_MESSAGES.payments.outcomeInvalid);
    const deps = notificationDeps(c);
    const notification = await simulator.simulate(token, outcome, deps.clock.now());
    await handleNotification(deps, JSON.parse(JSON.stringify(notification)));
    const back = new URL(token.returnUrl);
    back.searchParams.set('order_id', notification.order_id);
    back.searchParams.set('status_code', notification.status_code);
    back.searchParams.set('transaction_status', notification.transaction_status);
    return c.redirect(back.toString(), 303);
  });

  route(routes, endpoints.simulatorOrder).handle(async (_c, { params }) => {
    const token = openToken(params.token);
    return { status: 200, body: { order_id: token.orderId, gross_amount: token.grossAmount } };
  });

  // A button of the simulator panel: the server posts the notification Midtrans would post, signed
  // the same way, through the same webhook code; the answer is what snap.js hands its callback.
  route(routes, endpoints.simulatePayment).handle(async (c, { params }) => {
    const outcome: SimulatedOutcome = params.outcome;
    const token = openToken(params.token);
    const deps = notificationDeps(c);
    const notification = await simulator.simulate(token, outcome, deps.clock.now());
    await handleNotification(deps, JSON.parse(JSON.stringify(notification)));
    const { signature_key: _signature, merchant_id: _merchant, ...result } = notification;
    const body = {
      ...result,
      status_message:
        outcome === 'success'
          ? 'Success, transaction is found'
          : outcome === 'pending'
            ? 'Transaction is pending'
            : 'Transaction is denied',
    };
    return { status: 200, body };
  });

  return routes;
}

// /api/payment: the provider's webhook and the PWA's client configuration, built from the shared
// definitions (shared/src/contract/payments.ts), and (with the simulator) snap.js plus the button
// endpoints it calls.
import { readFileSync } from 'node:fs';
import { endpoints, NOT_A_NOTIFICATION, ROUTES } from '@courtreplay/shared';
import { Hono, type Context } from 'hono';
import type { AppEnv } from '../app.ts';
import { SimulatorProvider, type SimulatedOutcome } from '../adapters/simulator.ts';
import { route } from '../http/contract.ts';
import { HttpError } from '../http/errors.ts';
import { handleNotification, type NotificationDeps } from './notification.ts';

const SNAP_SIMULATOR_JS = readFileSync(new URL('./assets/snap-simulator.js', import.meta.url), 'utf8');
/** The simulator's pages: a development tool, outside the contract. */
const SIMULATOR = '/api/payment/simulator';
const OUTCOMES: readonly SimulatedOutcome[] = ['success', 'pending', 'failure'];

function notificationDeps(c: Context<AppEnv>): NotificationDeps {
  const { db, clock, payments, delivery } = c.var.deps;
  if (!payments || !delivery) throw new HttpError(503, 'Payment system is not properly configured. Please contact support.');
  return { db, clock, logger: c.var.log, payments, delivery };
}

function simulator(c: Context<AppEnv>): SimulatorProvider {
  const payments = c.var.deps.payments;
  if (!(payments instanceof SimulatorProvider)) throw new HttpError(404, 'Not found');
  return payments;
}

function openToken(c: Context<AppEnv>) {
  const token = simulator(c).openToken(c.req.param('token') ?? '');
  if (!token) throw new HttpError(404, 'Unknown payment token');
  return token;
}

export function paymentRoutes(): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();

  route(routes, endpoints.paymentClientConfig).handle(async (c, { query }) => {
    const payments = c.var.deps.payments;
    if (!payments) throw new HttpError(503, 'Payment system is not properly configured. Please contact support.');
    return { status: 200, body: { ...payments.clientConfig(query.staging), provider: payments.name } };
  });

  // Anyone may post to this public address: whatever is not a notification gets the one message,
  // a body that is not JSON too (route() alone would answer 'Request body must be valid JSON').
  routes.post(ROUTES.paymentNotification.path, async (c, next) => {
    await c.req.json().catch(() => {
      throw new HttpError(400, NOT_A_NOTIFICATION);
    });
    await next();
  });
  route(routes, endpoints.paymentNotification).handle(async (c, { rawBody }) => ({
    status: 200,
    body: await handleNotification(notificationDeps(c), rawBody),
  }));

  routes.get(`${SIMULATOR}/snap.js`, (c) => {
    simulator(c);
    c.header('Content-Type', 'text/javascript; charset=utf-8');
    c.header('Cache-Control', 'no-cache');
    return c.body(SNAP_SIMULATOR_JS);
  });

  routes.get(`${SIMULATOR}/:token`, (c) => {
    const token = openToken(c);
    return c.json({ order_id: token.orderId, gross_amount: token.grossAmount });
  });

  // A button of the simulator panel: the server posts the notification Midtrans would post, signed
  // the same way, through the same webhook code; the answer is what snap.js hands its callback.
  routes.post(`${SIMULATOR}/:token/:outcome`, async (c) => {
    const outcome = c.req.param('outcome') as SimulatedOutcome;
    if (!OUTCOMES.includes(outcome)) throw new HttpError(404, 'Not found');
    const token = openToken(c);
    const deps = notificationDeps(c);
    const notification = simulator(c).simulate(token, outcome, deps.clock.now());
    await handleNotification(deps, JSON.parse(JSON.stringify(notification)));
    const { signature_key: _signature, merchant_id: _merchant, ...result } = notification;
    return c.json({ ...result, status_message: outcome === 'success' ? 'Success, transaction is found' : outcome === 'pending' ? 'Transaction is pending' : 'Transaction is denied' });
  });

  return routes;
}

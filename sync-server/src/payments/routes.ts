// /api/payment: the provider's webhook, the PWA's client configuration, and (with the simulator)
// snap.js plus the button endpoints it calls.
import { readFileSync } from 'node:fs';
import { Hono, type Context } from 'hono';
import type { AppEnv } from '../app.ts';
import { SimulatorProvider, type SimulatedOutcome } from '../adapters/simulator.ts';
import { HttpError } from '../http/errors.ts';
import { handleNotification, type NotificationDeps } from './notification.ts';

const SNAP_SIMULATOR_JS = readFileSync(new URL('./assets/snap-simulator.js', import.meta.url), 'utf8');
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

  routes.get('/client-config', (c) => {
    const payments = c.var.deps.payments;
    if (!payments) throw new HttpError(503, 'Payment system is not properly configured. Please contact support.');
    const staging = c.req.query('staging') === 'true';
    return c.json({ ...payments.clientConfig(staging), provider: payments.name });
  });

  routes.post('/notification', async (c) => {
    let body: unknown;
    try {
      body = await c.req.json();
    } catch {
      throw new HttpError(400, 'Not a payment notification');
    }
    return c.json(await handleNotification(notificationDeps(c), body));
  });

  routes.get('/simulator/snap.js', (c) => {
    simulator(c);
    c.header('Content-Type', 'text/javascript; charset=utf-8');
    c.header('Cache-Control', 'no-cache');
    return c.body(SNAP_SIMULATOR_JS);
  });

  routes.get('/simulator/:token', (c) => {
    const token = openToken(c);
    return c.json({ order_id: token.orderId, gross_amount: token.grossAmount });
  });

  // A button of the simulator panel: the server posts the notification Midtrans would post, signed
  // the same way, through the same webhook code; the answer is what snap.js hands its callback.
  routes.post('/simulator/:token/:outcome', async (c) => {
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

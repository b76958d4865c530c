// /api/whatsapp/webhook: Meta's verification handshake and its signed status notifications.
import { endpoints, WHATSAPP_MESSAGES } from '@courtreplay/shared';
import { Hono } from 'hono';
import type { AppEnv } from '../app-env.ts';
import { route } from '../http/contract.ts';
import { receiveWebhook, verifySubscription } from './service.ts';

export function whatsappRoutes(): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  route(app, endpoints.whatsappWebhookVerify).handle(async (c, { query }) => {
    const challenge = verifySubscription(c.var.deps, query);
    return c.text(challenge, 200);
  });
  route(app, endpoints.whatsappWebhook).handle(async (c) => {
    // The signature covers the bytes as sent: read raw, never re-serialised JSON.
    const raw = Buffer.from(await c.req.arrayBuffer());
    await receiveWebhook(c.var.deps, raw, c.req.header('X-Hub-Signature-256'));
    return { status: 200, body: { message: WHATSAPP_MESSAGES.received } };
  });
  return app;
}

// The server's own calls: health, its API description, and the product's name.
import { z } from 'zod';
import { defineEndpoint } from './endpoint.ts';
import { ROUTES } from './routes.ts';

const tag = 'Server';

export const metaEndpoints = {
  health: defineEndpoint({
    ...ROUTES.health,
    tag,
    summary: 'Liveness: the server answers and its database can be read',
    access: 'public',
    responses: { 200: z.object({ ok: z.literal(true) }) },
  }),
  openApi: defineEndpoint({
    ...ROUTES.openApi,
    tag,
    summary: 'This document (OpenAPI 3.1)',
    access: 'public',
    responses: { 200: z.looseObject({ openapi: z.string() }) },
  }),
  apiDocs: defineEndpoint({
    ...ROUTES.apiDocs,
    tag,
    summary: 'A readable reference page of this document',
    access: 'public',
    responses: { 200: { contentType: 'text/html', description: 'The API reference page' } },
  }),
  productInfo: defineEndpoint({
    ...ROUTES.productInfo,
    tag,
    summary: "The product's name (PRODUCT_NAME), the players' address (PUBLIC_URL) and how long clips are kept",
    description:
      "The kiosk keeps the answer for offline use: it names the product on its labels and builds an offline free purchase's " +
      'phone page address (publicUrl/p/{token}) for the QR code; retentionDays is RETENTION_DAYS; whatsapp says ' +
      'whether checkout offers the WhatsApp number (WHATSAPP is cloud or outbox).',
    access: 'public',
    responses: {
      200: z.object({ productName: z.string(), publicUrl: z.string(), retentionDays: z.number().int(), whatsapp: z.boolean() }),
    },
  }),
};

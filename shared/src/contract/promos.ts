// Promo codes: managed by super admins (any) and venue admins (their venue's), checked by authorised
// kiosks before checkout.
import {
  messageResponse,
  PROMO_MESSAGES,
  promoInput,
  promoListQuery,
  promoListResponse,
  promoResponse,
  validatePromoRequest,
  validatePromoResponse,
} from '../api/index.ts';
import { defineEndpoint } from './endpoint.ts';
import { idParams } from './params.ts';
import { ROUTES } from './routes.ts';

const tag = 'Promo codes';

export const promoEndpoints = {
  validatePromo: defineEndpoint({
    ...ROUTES.validatePromo,
    tag,
    summary: 'Check a code before checkout (the quota is reserved only when the purchase is made)',
    description: 'An unknown code and a used-up one get the same answer, so codes cannot be probed.',
    access: 'kiosk',
    body: validatePromoRequest,
    responses: { 200: validatePromoResponse },
  }),
  listPromos: defineEndpoint({
    ...ROUTES.listPromos,
    tag,
    summary: 'Promo codes with their uses (paid and held), newest first: every one, or those working at one venue',
    description: "With venueId: that venue's own codes and the global ones. A venue admin always gets their own venue's.",
    access: 'admin',
    query: promoListQuery,
    responses: { 200: promoListResponse },
    errors: [403],
  }),
  createPromo: defineEndpoint({
    ...ROUTES.createPromo,
    tag,
    summary: 'Create a promo code (an amount or a percentage off), global or for one venue',
    description: 'A venue admin creates codes for their own venue only (403 otherwise).',
    access: 'admin',
    body: promoInput,
    responses: { 201: promoResponse },
    errors: [403, 404, 409],
  }),
  updatePromo: defineEndpoint({
    ...ROUTES.updatePromo,
    tag,
    summary: 'Change a promo code',
    description: "A venue admin changes their own venue's codes only (403 otherwise).",
    access: 'admin',
    params: idParams,
    unknownMessage: PROMO_MESSAGES.notFound,
    body: promoInput,
    responses: { 200: promoResponse },
    errors: [403, 404, 409],
  }),
  deletePromo: defineEndpoint({
    ...ROUTES.deletePromo,
    tag,
    summary: 'Delete a promo code',
    description: "A venue admin deletes their own venue's codes only (403 otherwise).",
    access: 'admin',
    params: idParams,
    unknownMessage: PROMO_MESSAGES.notFound,
    responses: { 200: messageResponse },
    errors: [403, 404],
  }),
};

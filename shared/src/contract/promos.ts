// Promo codes: managed by super admins, checked by authorised kiosks before checkout.
import {
  messageResponse,
  PROMO_MESSAGES,
  promoInput,
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
    summary: 'Every promo code with its use, newest first',
    access: 'superAdmin',
    responses: { 200: promoListResponse },
  }),
  createPromo: defineEndpoint({
    ...ROUTES.createPromo,
    tag,
    summary: 'Create a promo code (an amount or a percentage off)',
    access: 'superAdmin',
    body: promoInput,
    responses: { 201: promoResponse },
    errors: [409],
  }),
  updatePromo: defineEndpoint({
    ...ROUTES.updatePromo,
    tag,
    summary: 'Change a promo code',
    access: 'superAdmin',
    params: idParams,
    unknownMessage: PROMO_MESSAGES.notFound,
    body: promoInput,
    responses: { 200: promoResponse },
    errors: [404, 409],
  }),
  deletePromo: defineEndpoint({
    ...ROUTES.deletePromo,
    tag,
    summary: 'Delete a promo code',
    access: 'superAdmin',
    params: idParams,
    unknownMessage: PROMO_MESSAGES.notFound,
    responses: { 200: messageResponse },
    errors: [404],
  }),
};

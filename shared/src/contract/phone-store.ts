// The player's store on the phone that marked the rallies: the JSON calls of /c/{courtCode}'s small
// script. The page, the mark's form and the previews are for a phone's browser, outside the
// contract (as the phone page's); these are calls like any other. The phone is known by its
// anonymous cookie (cr_phone, path /c): it sees only the rallies it marked.
import {
  buyRalliesRequest,
  buyRalliesResponse,
  contactRequest,
  courtCodeParams,
  phoneQuoteRequest,
  phoneQuoteResponse,
  phoneRalliesResponse,
  storeLanguageQuery,
  storeMessageResponse,
} from '../api/index.ts';
import { PHONE_TOKEN_PATTERN } from '../constants.ts';
import { SERVER_MESSAGES } from '../messages.ts';
import { z } from 'zod';
import { defineEndpoint } from './endpoint.ts';
import { ROUTES } from './routes.ts';

const tag = 'Phone store';
const unknownMessage = SERVER_MESSAGES.request.notFound;

export const phoneStoreEndpoints = {
  phoneRallies: defineEndpoint({
    ...ROUTES.phoneRallies,
    tag,
    summary: 'The rallies this phone marked today at the venue, with their state, preview and price',
    description:
      'Polled by the store page while a rally is on its way. Only the phone that marked a rally (or tapped within its 10 s) ' +
      "sees it. Texts are worded in `lang` (else the venue's language); `prices.totals` are what the kiosk would charge for " +
      "1, 2, ... rallies at the venue's prices and bundle tiers.",
    access: 'public',
    params: courtCodeParams,
    unknownMessage,
    query: storeLanguageQuery,
    responses: { 200: phoneRalliesResponse },
  }),
  phoneQuote: defineEndpoint({
    ...ROUTES.phoneQuote,
    tag,
    summary: 'The total of `count` rallies with a promo code, as the kiosk would charge it',
    description: "An unknown, used-up, ended or other venue's code gets one answer (400), as at the kiosk.",
    access: 'public',
    params: courtCodeParams,
    unknownMessage,
    body: phoneQuoteRequest,
    responses: { 200: phoneQuoteResponse },
    errors: [429],
  }),
  buyRallies: defineEndpoint({
    ...ROUTES.buyRallies,
    tag,
    summary: "Buys this phone's chosen rallies: one order, paid once, at the venue's prices",
    description:
      'The server prices the rallies as the kiosk would (400 when `totalAmount` differs: the prices changed), and opens one ' +
      'order per phone: the same rallies again (a second tap, a back button, a reopened tab) answer the open order (`reused`), ' +
      'other rallies end it at the payment provider first. 409 for a rally not yet on the server (or its venue offline), ' +
      'already bought, or an order still being prepared. `next` is where the phone goes: the payment page, or the ' +
      "purchase's page when there is nothing to pay or it was paid meanwhile.",
    access: 'public',
    params: courtCodeParams,
    unknownMessage,
    body: buyRalliesRequest,
    responses: { 200: buyRalliesResponse },
    errors: [409, 429, 502, 503],
  }),
  cancelPhoneOrder: defineEndpoint({
    ...ROUTES.cancelPhoneOrder,
    tag,
    summary: "Ends this phone's open order at the payment provider",
    description: 'Nothing is charged afterwards; an order paid before it could be ended is answered as paid.',
    access: 'public',
    params: courtCodeParams,
    unknownMessage,
    query: storeLanguageQuery,
    responses: { 200: storeMessageResponse },
    errors: [503],
  }),
  notifyWhenReady: defineEndpoint({
    ...ROUTES.notifyWhenReady,
    tag,
    summary: "A message (e-mail or WhatsApp) when this phone's rallies waiting for the venue are ready",
    description:
      'For rallies saved while the venue was offline. The address or number is kept only until the message is sent, a day at most.',
    access: 'public',
    params: courtCodeParams,
    unknownMessage,
    body: contactRequest,
    responses: { 200: storeMessageResponse },
    errors: [409, 429],
  }),
  phonePageContact: defineEndpoint({
    ...ROUTES.phonePageContact,
    tag,
    summary: 'An e-mail address or WhatsApp number for a copy and a receipt of a purchase made on a phone',
    description: 'Optional: the page is the delivery. Once per channel; 409 when the purchase already has one.',
    access: 'public',
    params: z.object({ token: z.string().regex(PHONE_TOKEN_PATTERN) }),
    unknownMessage,
    body: contactRequest,
    responses: { 200: storeMessageResponse },
    errors: [409],
  }),
};

// The player's phone page (/p/{token}) polls its purchase's state as JSON. The page itself, its
// clips and its ZIP are files for a phone's browser, outside the contract; the state is a JSON call
// like any other, so it is defined here.
import { z } from 'zod';
import { PHONE_TOKEN_PATTERN } from '../constants.ts';
import { SERVER_MESSAGES } from '../messages.ts';
import { defineEndpoint } from './endpoint.ts';
import { ROUTES } from './routes.ts';

const tag = 'Phone page';

const phoneClip = z.object({
  n: z.number().int().positive(),
  title: z.string(),
  size: z.number().int().nonnegative(),
  url: z.string(),
});

export const phonePageEndpoints = {
  phonePageState: defineEndpoint({
    ...ROUTES.phonePageState,
    tag,
    summary: "A purchase's phone page state: its clips as they arrive, and until when they are kept",
    description:
      'Polled by the phone page every few seconds. An unknown token and one not well formed get the same 404; ' +
      'clips are listed only for a paid or free purchase whose clips are still kept.',
    access: 'public',
    params: z.object({ token: z.string().regex(PHONE_TOKEN_PATTERN) }),
    unknownMessage: SERVER_MESSAGES.request.notFound,
    responses: {
      200: z.object({
        status: z.enum(['ready', 'uploading', 'waiting', 'not_paid', 'removed', 'erased']),
        expected: z.number().int().nonnegative(),
        clips: z.array(phoneClip),
        progress: z.string().nullable(),
        keptUntil: z.string(),
        removedAt: z.string().nullable(),
      }),
    },
  }),
};

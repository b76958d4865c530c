// Mutations reject with the message a screen shows: the server's message when it sent one, else
// the spec's fallback for that operation (spec section 8). Screens then just show `error.message`.
import { ApiError, errorMessage } from '../../lib/api-client.ts';

export class ScreenError extends Error {
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
  }
}

export function withFallback<A, R>(fallback: string, fn: (arg: A) => Promise<R>): (arg: A) => Promise<R> {
  return async (arg: A) => {
    try {
      return await fn(arg);
    } catch (e) {
      if (e instanceof ScreenError) throw e;
      throw new ScreenError(errorMessage(e, fallback), e instanceof ApiError ? e.status : 0);
    }
  };
}

export const messageOf = (e: unknown, fallback: string) => (e instanceof ScreenError ? e.message : errorMessage(e, fallback));

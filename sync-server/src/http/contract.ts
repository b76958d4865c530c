// Routes built from the shared endpoint definitions (shared/src/contract): the definition's access
// becomes the guard, its schemas parse the input, and the handler can only return an answer the
// definition declares (typed). At run time every JSON answer is parsed with its schema on the way
// out, so a field the definition does not name never leaves the server; in tests a mismatch fails
// the request loudly instead.
import { isRawAnswer, isRawBody, type Access, type EndpointDefinition, type HasRawAnswer, type Reply } from '@courtreplay/shared';
import type { Context, Hono, MiddlewareHandler } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { z } from 'zod';
import type { AppEnv } from '../app-env.ts';
import { requireAdmin, requireAuthorisedDevice, requireDeviceOrAdmin, requireRecorder, requireSuperAdmin } from './auth.ts';
import { notFound } from '../errors.ts';
import { parseWith, readJsonBody } from './validation.ts';

const GUARDS: Record<Access, MiddlewareHandler<AppEnv>[]> = {
  public: [],
  signed: [],
  kiosk: [requireAuthorisedDevice],
  admin: [requireAdmin],
  superAdmin: [requireSuperAdmin],
  kioskOrAdmin: [requireDeviceOrAdmin],
  recorder: [requireRecorder],
};

type Out<T> = T extends z.ZodType ? z.output<T> : undefined;

/** The parsed input a handler receives. `rawBody` is the JSON as sent (e.g. for request hashes). */
export interface HandlerInput<E extends EndpointDefinition> {
  params: Out<E['params']>;
  query: Out<E['query']>;
  body: Out<E['body']>;
  rawBody: unknown;
}

export type ContractHandler<E extends EndpointDefinition> = (
  c: Context<AppEnv>,
  input: HandlerInput<E>,
) => Promise<Reply<E> | (HasRawAnswer<E> extends true ? Response : never)>;

/**
 * Registers `endpoint` on `app` with its guard, input parsing and answer check:
 * `route(app, endpoints.deleteVenue).handle(async (c, { params }) => ({ status: 200, body }))`.
 * (Two calls, so the endpoint's type is fixed before the handler is checked against it.)
 */
export function route<E extends EndpointDefinition>(app: Hono<AppEnv>, endpoint: E): { handle(handler: ContractHandler<E>): void } {
  return {
    handle(handler) {
      app.on(endpoint.method, [endpoint.path], ...GUARDS[endpoint.access], async (c) => {
        const input = await readInput(c, endpoint);
        const reply = await handler(c, input);
        if (reply instanceof Response) return reply;
        const { status, body } = reply as { status: ContentfulStatusCode; body: unknown };
        return c.json(checkedAnswer(c, endpoint, status, body) as object, status);
      });
    },
  };
}

async function readInput<E extends EndpointDefinition>(c: Context<AppEnv>, endpoint: E): Promise<HandlerInput<E>> {
  let params: unknown;
  if (endpoint.params) {
    const parsed = endpoint.params.safeParse(c.req.param());
    if (!parsed.success) throw notFound(endpoint.unknownMessage);
    params = parsed.data;
  }
  const query = endpoint.query ? parseWith(endpoint.query, c.req.query()) : undefined;
  let body: unknown;
  let rawBody: unknown;
  if (endpoint.body && !isRawBody(endpoint.body)) {
    rawBody = await readJsonBody(c);
    body = parseWith(endpoint.body, rawBody);
  }
  return { params, query, body, rawBody } as HandlerInput<E>;
}

/**
 * The answer as its definition allows it: parsed with the status's schema, so undeclared fields
 * are dropped. When `deps.contractCheck` is on (tests), a mismatch or an undeclared field throws.
 */
function checkedAnswer(c: Context<AppEnv>, endpoint: EndpointDefinition, status: number, body: unknown): unknown {
  const declared = endpoint.responses[status];
  const strict = c.var.deps.contractCheck === true;
  const where = `${endpoint.method} ${endpoint.path} ${status}`;
  if (!declared || isRawAnswer(declared)) {
    if (strict) throw new Error(`Contract: ${where} is not a declared JSON answer`);
    return body;
  }
  const parsed = declared.safeParse(body);
  if (!parsed.success) {
    if (strict) throw new Error(`Contract: ${where} does not match its schema: ${parsed.error.message}`);
    c.var.log.error({ endpoint: where, issues: parsed.error.issues }, 'answer does not match its definition; sent as is');
    return body;
  }
  if (strict) {
    const extra = undeclaredFields(body, parsed.data);
    if (extra.length) throw new Error(`Contract: ${where} answers fields its definition does not name: ${extra.join(', ')}`);
  }
  return parsed.data;
}

/** Paths of object keys present in `sent` but dropped from `kept` by parsing. */
export function undeclaredFields(sent: unknown, kept: unknown, path = ''): string[] {
  if (Array.isArray(sent) && Array.isArray(kept)) return sent.flatMap((item, i) => undeclaredFields(item, kept[i], `${path}[${i}]`));
  if (!isPlainObject(sent) || !isPlainObject(kept)) return [];
  return Object.keys(sent).flatMap((key) =>
    key in kept
      ? undeclaredFields(sent[key], kept[key], path ? `${path}.${key}` : key)
      : sent[key] === undefined
        ? []
        : [path ? `${path}.${key}` : key],
  );
}

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value) && !(value instanceof Date);

// One endpoint, defined once: its method and path, who may call it, its inputs and every answer it
// may give. The server builds its route from the definition (sync-server/src/http/contract.ts),
// the PWA calls it through one typed client (pwa/src/lib/api-client.ts) and the OpenAPI document
// is generated from it (./openapi.ts). Answers that are not JSON (a file, a page, a script) are
// declared by their content type.
import type { z } from 'zod';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

/**
 * Who may call. The server turns this into its guard, so it is written once:
 * - public: anyone; kiosk: an authorised kiosk (X-Device-Id); admin / superAdmin: a logged-in
 *   admin (Bearer token); kioskOrAdmin: either; recorder: a venue's recorder (Bearer token from
 *   POST /api/admin/recorders);
 * - signed: anyone, but the handler checks a signature (the payment provider's notification, a
 *   signed upload link) before it believes the request.
 */
export type Access = 'public' | 'kiosk' | 'admin' | 'superAdmin' | 'kioskOrAdmin' | 'recorder' | 'signed';

/** An answer that is not JSON: a clip, a page, a script. */
export interface RawAnswer {
  contentType: string;
  description: string;
}

/** A request body that is not JSON: a multipart form or the file's own bytes. */
export interface RawBody {
  contentType: string;
  description: string;
  /** The form's fields, for the document (multipart only). */
  fields?: Record<string, string>;
}

export interface EndpointDefinition {
  method: HttpMethod;
  /** Hono-style path with `:name` parameters, e.g. `/api/venue/:id`. */
  path: `/${string}`;
  /** Groups endpoints in the document (the resource). */
  tag: string;
  summary: string;
  description?: string;
  access: Access;
  /** Path parameters as they arrive (strings); a value that fails is an unknown resource (404). */
  params?: z.ZodType;
  /** The message of that 404 (e.g. 'Venue not found'); 'Not found' when unset. */
  unknownMessage?: string;
  query?: z.ZodType;
  /** Request headers the call reads (e.g. Idempotency-Key), for the document and the client. */
  headers?: z.ZodType;
  body?: z.ZodType | RawBody;
  /** Success answers by status: a JSON schema, or a raw answer. */
  responses: Record<number, z.ZodType | RawAnswer>;
  /** Error statuses this call may answer, each with the one error shape `{ message }`. */
  errors?: readonly number[];
  /**
   * Error answers that carry more than `{ message }` (a login's wait in seconds), by status; each
   * schema names `message` too. Their statuses count as declared errors.
   */
  errorBodies?: Readonly<Record<number, z.ZodType>>;
}

/** Keeps the literal types of a definition (statuses, paths) for the server and the client. */
export function defineEndpoint<const E extends EndpointDefinition>(endpoint: E): E {
  return endpoint;
}

export const isRawBody = (body: EndpointDefinition['body']): body is RawBody =>
  body !== undefined && typeof (body as RawBody).contentType === 'string' && !('_zod' in body);
export const isRawAnswer = (answer: z.ZodType | RawAnswer): answer is RawAnswer =>
  typeof (answer as RawAnswer).contentType === 'string' && !('_zod' in answer);

type Schema<T> = T extends z.ZodType ? T : never;
type Statuses<E extends EndpointDefinition> = keyof E['responses'] & number;

/** The JSON answers a handler may give: one `{ status, body }` per declared JSON status. */
export type Reply<E extends EndpointDefinition> = {
  [S in Statuses<E>]: E['responses'][S] extends z.ZodType ? { status: S; body: z.input<Schema<E['responses'][S]>> } : never;
}[Statuses<E>];

/** Whether some answer of the endpoint is raw (then a handler may also return a Response). */
export type HasRawAnswer<E extends EndpointDefinition> = {
  [S in Statuses<E>]: E['responses'][S] extends z.ZodType ? never : true;
}[Statuses<E>] extends never
  ? false
  : true;

/** What the caller receives on success: the union of the declared JSON answers. */
export type Answer<E extends EndpointDefinition> = {
  [S in Statuses<E>]: E['responses'][S] extends z.ZodType ? z.output<Schema<E['responses'][S]>> : never;
}[Statuses<E>];

/** An input part is optional when it may be undefined or every one of its fields is (a query of optional filters). */
type Part<K extends string, T> = [T] extends [never]
  ? unknown
  : undefined extends T
    ? { [P in K]?: T }
    : Partial<T> extends T
      ? { [P in K]?: T }
      : { [P in K]: T };
type InputOf<T> = T extends z.ZodType ? z.input<T> : never;

/** What the caller sends: path params, query and JSON body, as their schemas take them (raw uploads are not sent through the client). */
type ParamsInput<T> = T extends z.ZodType ? { [K in keyof z.input<T>]: string | number } : never;

export type CallInput<E extends EndpointDefinition> = Part<'params', ParamsInput<E['params']>> &
  Part<'query', InputOf<E['query']>> &
  Part<'headers', InputOf<E['headers']>> &
  Part<'body', E['body'] extends z.ZodType ? z.input<E['body']> : never>;

/** The path with its parameters filled in and encoded. */
export function pathOf(path: string, params: Record<string, string | number> = {}): string {
  return path.replace(/:([A-Za-z0-9_]+)/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`Missing path parameter ${name} for ${path}`);
    return encodeURIComponent(String(value));
  });
}

/**
 * Every error status a call may answer: the declared ones, plus those its definition implies (a
 * guard's 401/403, a body's 400 and 413, a path parameter's 404). Always `{ message }`.
 */
export function errorStatusesOf(endpoint: EndpointDefinition): number[] {
  const implied: number[] = [];
  // Every admin call also answers 403 while the admin holds a one-time password (but changing it).
  if (
    endpoint.access === 'admin' ||
    endpoint.access === 'kiosk' ||
    endpoint.access === 'superAdmin' ||
    endpoint.access === 'kioskOrAdmin'
  ) {
    implied.push(401, 403);
  }
  if (endpoint.access === 'recorder') implied.push(401);
  // An address that keeps sending wrong tokens is answered 429 for a while (with Retry-After).
  if (endpoint.access !== 'public' && endpoint.access !== 'signed') implied.push(429);
  // A path parameter holding a NUL character (%00) is refused 400 like any bad input.
  if (endpoint.body || endpoint.query || endpoint.params) implied.push(400);
  if (endpoint.body) implied.push(413);
  if (endpoint.params) implied.push(404);
  const withBodies = Object.keys(endpoint.errorBodies ?? {}).map(Number);
  return [...new Set([...implied, ...(endpoint.errors ?? []), ...withBodies])].sort((a, b) => a - b);
}

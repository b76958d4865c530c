// A call by name turned into the HTTP request it stands for: method and path from the route table,
// path parameters filled in, the query string and the JSON body. The test clients (the API tests'
// `t.call`, the browser tests' AdminApi) build their requests here, from the same definitions as
// the PWA's `call`. No schema is loaded: only the route table.
import type { z } from 'zod';
import { pathOf, type CallInput, type EndpointDefinition } from './endpoint.ts';
import type { Endpoints } from './endpoints.ts';
import { ROUTES, type RouteName } from './routes.ts';

export interface ContractRequest {
  method: string;
  /** The path with its parameters filled in and its query string, e.g. `/api/transaction?page=2`. */
  url: string;
  headers: Record<string, string>;
  /** The JSON body, serialised. */
  body?: string;
}

type QueryValue = string | number | boolean | null | undefined;

/** The request that `call(name, input)` sends; empty query values are left out, as the PWA does. */
export function requestOf<K extends RouteName>(name: K, input: CallInput<Endpoints[K]>): ContractRequest {
  const { method, path } = ROUTES[name];
  const { params, query, headers, body } = input as {
    params?: Record<string, string | number>;
    query?: Record<string, QueryValue | QueryValue[]>;
    headers?: Record<string, string>;
    body?: unknown;
  };
  // Built by hand: shared code runs where URLSearchParams is not declared (no DOM, no Node types).
  const pairs = Object.entries(query ?? {}).flatMap(([key, value]) =>
    (Array.isArray(value) ? value : [value])
      .filter((one) => one !== undefined && one !== null && one !== '')
      .map((one) => `${encodeURIComponent(key)}=${encodeURIComponent(String(one))}`),
  );
  const url = pathOf(path, params) + (pairs.length ? `?${pairs.join('&')}` : '');
  if (body === undefined) return { method, url, headers: { ...headers } };
  return { method, url, headers: { 'Content-Type': 'application/json', ...headers }, body: JSON.stringify(body) };
}

type Statuses<E extends EndpointDefinition> = keyof E['responses'] & number;

/** The JSON answer of one success status (`Answer` is the union over all of them). */
export type AnswerAt<E extends EndpointDefinition, S extends number> =
  S extends Statuses<E> ? (E['responses'][S] extends z.ZodType ? z.output<E['responses'][S]> : never) : never;

/** The body of an error answer: `{ message }`, or the richer body the definition declares for that status. */
export type ErrorAnswer<E extends EndpointDefinition, S extends number> = S extends keyof NonNullable<E['errorBodies']>
  ? NonNullable<E['errorBodies']>[S] extends z.ZodType
    ? z.output<NonNullable<E['errorBodies']>[S]>
    : { message: string }
  : { message: string };

// Input parsing for the contract's routes (http/contract.ts): JSON bodies and queries checked against
// the shared schemas, with one clear message naming the field. Schema-level messages (the spec's
// wording) win over these defaults.
import { SERVER_MESSAGES } from '@courtreplay/shared';
import type { Context, MiddlewareHandler } from 'hono';
import type { z } from 'zod';
import { invalidInput } from '../errors.ts';

type Issue = z.core.$ZodRawIssue;

function fieldName(path: PropertyKey[] | undefined): string {
  return path && path.length > 0 ? path.map(String).join('.') : 'Request body';
}

function describe(iss: Issue): string {
  const field = fieldName(iss.path);
  switch (iss.code) {
    case 'invalid_type':
      if (!iss.path?.length) return 'Request body must be a JSON object';
      if (iss.input === undefined) return `${field} is required`;
      if (iss.expected === 'null') return `${field} must be null`;
      return `${field} must be ${iss.expected === 'int' ? 'a whole number' : `a ${iss.expected}`}`;
    case 'too_big':
      if (iss.origin === 'string') return `${field} must be at most ${String(iss.maximum)} characters`;
      if (iss.origin === 'array') return `${field} must have at most ${String(iss.maximum)} items`;
      return `${field} must be at most ${String(iss.maximum)}`;
    case 'too_small':
      if (iss.origin === 'string')
        return Number(iss.minimum) <= 1 ? `${field} is required` : `${field} must be at least ${String(iss.minimum)} characters`;
      if (iss.origin === 'array') return `${field} must have at least ${String(iss.minimum)} items`;
      return `${field} must be at least ${String(iss.minimum)}`;
    case 'unrecognized_keys':
      return `Unknown field: ${iss.keys.join(', ')}`;
    case 'invalid_format':
      return iss.format === 'email' ? `${field} must be a valid email address` : `${field} is not valid`;
    case 'invalid_value':
      return `${field} must be one of: ${iss.values.map(String).join(', ')}`;
    default:
      return `${field} is not valid`;
  }
}

/** Parses `value` with `schema`, throwing 400 with the first issue's message. */
export function parseWith<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  const result = schema.safeParse(value, { error: describe });
  if (!result.success) {
    const issue = result.error.issues[0];
    if (!issue) throw invalidInput(SERVER_MESSAGES.request.invalidBody);
    // A schema's own message written as a predicate ('must not contain …') gets the field's name.
    throw invalidInput(/^must /.test(issue.message) ? `${fieldName(issue.path)} ${issue.message}` : issue.message);
  }
  return result.data;
}

/** The path to the first text (a string or an object's key) holding U+0000 in a JSON value, or undefined. */
export function nulCharacterPath(value: unknown, path: string[] = []): string[] | undefined {
  if (typeof value === 'string') return value.includes('\0') ? path : undefined;
  if (Array.isArray(value)) {
    for (const [i, item] of value.entries()) {
      const found = nulCharacterPath(item, [...path, String(i)]);
      if (found) return found;
    }
  } else if (typeof value === 'object' && value !== null) {
    for (const [key, item] of Object.entries(value)) {
      if (key.includes('\0')) return [...path, key];
      const found = nulCharacterPath(item, [...path, key]);
      if (found) return found;
    }
  }
  return undefined;
}

/**
 * Refuses (400, naming the field) a NUL character anywhere in `value`. No text we store may hold
 * one: PostgreSQL refuses it outright, and in SQLite it would cut the text short for some readers.
 */
export function assertNoNulCharacter(value: unknown): void {
  const path = nulCharacterPath(value);
  if (path) throw invalidInput(`${fieldName(path)} ${SERVER_MESSAGES.request.nulCharacter}`);
}

/**
 * Every request: a percent-encoded NUL (%00) in the path or the query is refused before any route
 * reads it (a URL cannot carry a raw one), so no route, contract-built or not, has to remember.
 */
export const refuseNulInAddress: MiddlewareHandler = async (c, next) => {
  if (/%00/i.test(c.req.url)) throw invalidInput(SERVER_MESSAGES.request.nulInAddress);
  await next();
};

/**
 * The deepest nesting of arrays and objects any call takes, with room to spare: the deepest body we
 * accept (Meta's WhatsApp status webhook) is about 8 levels.
 */
export const MAX_JSON_DEPTH = 64;

const OPEN_BRACE = 0x7b;
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACE = 0x7d;
const CLOSE_BRACKET = 0x5d;
const QUOTE = 0x22;
const BACKSLASH = 0x5c;

/**
 * Whether the JSON text in `bytes` nests arrays and objects deeper than `limit`: one pass over the
 * bytes, outside strings (in UTF-8 these ASCII bytes never occur inside a multi-byte character), so
 * it costs nothing like the parse and never recurses. Text that is not JSON is left to the parser.
 */
export function nestsDeeperThan(bytes: Uint8Array, limit: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < bytes.length; i++) {
    const byte = bytes[i];
    if (inString) {
      if (byte === BACKSLASH) i++;
      else if (byte === QUOTE) inString = false;
    } else if (byte === QUOTE) inString = true;
    else if (byte === OPEN_BRACE || byte === OPEN_BRACKET) {
      if (++depth > limit) return true;
    } else if (byte === CLOSE_BRACE || byte === CLOSE_BRACKET) depth--;
  }
  return false;
}

/**
 * Every JSON call: a body nested deeper than MAX_JSON_DEPTH is refused (400) before anything
 * parses, validates or logs it. Everything after the parse walks a value recursively (the schemas,
 * the NUL check, JSON.stringify in hashing and logs), and thousands of levels overflow the stack
 * there: one check here, in front of all of them, instead of a guard in each. The bytes stay cached
 * for the route (Hono keeps a body once read), so a signature over the raw body still checks.
 */
export const refuseDeepJson: MiddlewareHandler = async (c, next) => {
  if (c.req.raw.body !== null) {
    const bytes = new Uint8Array(await c.req.arrayBuffer());
    if (nestsDeeperThan(bytes, MAX_JSON_DEPTH)) throw invalidInput(SERVER_MESSAGES.request.tooDeep);
  }
  await next();
};

/** The JSON body as sent: 400 SERVER_MESSAGES.request.invalidJson when it is not JSON, 400 with a NUL character. */
export async function readJsonBody(c: Context): Promise<unknown> {
  let body: unknown;
  try {
    body = await c.req.json();
  } catch {
    throw invalidInput(SERVER_MESSAGES.request.invalidJson);
  }
  assertNoNulCharacter(body);
  return body;
}

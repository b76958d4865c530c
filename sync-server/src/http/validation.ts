// Input parsing for the contract's routes (http/contract.ts): JSON bodies and queries checked against
// the shared schemas, with one clear message naming the field. Schema-level messages (the spec's
// wording) win over these defaults.
import { SERVER_MESSAGES } from '@courtreplay/shared';
import type { Context } from 'hono';
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

/** The JSON body as sent: 400 SERVER_MESSAGES.request.invalidJson when it is not JSON. */
export async function readJsonBody(c: Context): Promise<unknown> {
  try {
    return await c.req.json();
  } catch {
    throw invalidInput(SERVER_MESSAGES.request.invalidJson);
  }
}

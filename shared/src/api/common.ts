// Building blocks of the API schemas. Bodies are strict objects: an unknown field is refused, so a
// typo or a stale client never passes silently.
import { z } from 'zod';
import { isCalendarDay, isIsoInstant } from '../calendar.ts';

/** No ASCII control characters (tabs and line breaks included) in names, codes and e-mails. */
export const hasNoControlChars = (text: string): boolean => ![...text].some((ch) => ch.charCodeAt(0) < 32 || ch.charCodeAt(0) === 127);
export const CONTROL_CHARS_MESSAGE = 'Line breaks and control characters are not allowed';

/** A schema-level message for a missing or wrongly typed value only (other issues keep theirs). */
export const whenMissing = (message: string) => (iss: { code: string }) => (iss.code === 'invalid_type' ? message : undefined);

/** A message for a missing or null value only; a value of the wrong type keeps the default message. */
export const whenAbsent = (message: string) => (iss: { code: string; input?: unknown }) =>
  iss.code === 'invalid_type' && (iss.input === undefined || iss.input === null) ? message : undefined;

/**
 * A trimmed, single-line text of 1..max characters. `required` is the message for a missing,
 * non-text or blank value (the spec's wording where it has one).
 */
export function requiredText(max: number, required: string) {
  return z
    .string({ error: whenMissing(required) })
    .trim()
    .min(1, required)
    .max(max)
    .refine(hasNoControlChars, CONTROL_CHARS_MESSAGE);
}

// ---------------------------------------------------------------- dates: one rule for every filter

// The day and instant rules live outside the API folder so the kiosk's validation reads them
// without loading zod.
export { isCalendarDay, isIsoInstant } from '../calendar.ts';

/**
 * The one date schema of every date a client sends (filters and cut-offs): a calendar day, and with
 * `instants`, a full ISO date-time too. An impossible date is the schema's 400, never a query's 500.
 */
export const dateSchema = (message: string, options: { instants?: boolean } = {}) =>
  z
    .string({ error: whenMissing(message) })
    .refine((text) => isCalendarDay(text) || (options.instants === true && isIsoInstant(text)), message);

/** A positive whole-number id (database ids are integers). */
export const idSchema = z.number().int().positive().max(Number.MAX_SAFE_INTEGER);

/** A required id whose absence has its own message ('Please select a venue first.'). */
export const requiredId = (missing: string) =>
  z
    .number({ error: whenAbsent(missing) })
    .int()
    .positive()
    .max(Number.MAX_SAFE_INTEGER);

/** The kiosk's own device id: long and random, so it cannot be guessed. */
export const DEVICE_ID_PATTERN = /^[A-Za-z0-9_-]{16,128}$/;
export const DEVICE_ID_INVALID = 'Device ID must be 16 to 128 letters, digits, "-" or "_"';
export const deviceIdSchema = z.string({ error: whenMissing('Device ID is required') }).regex(DEVICE_ID_PATTERN, DEVICE_ID_INVALID);

/** Every error answer: `{ message }` (docs/contributing.md, Contracts). */
export const errorResponse = z.object({ message: z.string() });
export type ErrorResponse = z.infer<typeof errorResponse>;

export const messageResponse = z.object({ message: z.string() });
export type MessageResponse = z.infer<typeof messageResponse>;

/** ISO 8601 timestamps as the server stores them (UTC). */
export const timestamp = z.string();

// Query parameters, shared by the list endpoints.
/** Query values arrive as text; an empty value means 'not set' (the filters send blanks). */
export const blankToUndefined = (value: unknown) => (value === '' ? undefined : value);
export const includeStagingParam = z.preprocess(
  blankToUndefined,
  z.enum(['true', 'false'], { message: 'includeStaging must be true or false' }).optional(),
);
/** A whole-number query value (blank: not set), from min to max. */
export const queryInt = (field: string, min: number, max: number) =>
  z.preprocess(
    blankToUndefined,
    z
      .string()
      .regex(/^\d{1,15}$/, `${field} must be a whole number`)
      .transform(Number)
      .pipe(z.number().min(min, `${field} must be at least ${min}`).max(max, `${field} must be at most ${max}`))
      .optional(),
  );
export const queryText = (max: number) => z.preprocess(blankToUndefined, z.string().trim().max(max).optional());

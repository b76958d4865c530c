// Whether a text is a real calendar day or a full ISO instant: plain functions, so the kiosk's
// validation (validation.ts) uses them without the API schemas and zod (api/common.ts re-exports them).
const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;
const INSTANT = /^(\d{4}-\d{2}-\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,9})?)?(Z|[+-](\d{2}):(\d{2}))$/;

/** A real calendar day written YYYY-MM-DD: 2026-02-29 and 2026-13-01 are not. */
export function isCalendarDay(text: string): boolean {
  const match = DAY.exec(text);
  if (!match) return false;
  const day = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
  return Number(match[1]) >= 1 && day.toISOString().slice(0, 10) === text;
}

/** A full ISO 8601 date-time with its offset (2026-11-20T10:00:00Z), on a real day at a real time. */
export function isIsoInstant(text: string): boolean {
  const match = INSTANT.exec(text);
  if (!match || !isCalendarDay(match[1]!)) return false;
  const [hours, minutes, seconds] = [Number(match[2]), Number(match[3]), Number(match[4] ?? 0)];
  const offsetOk = match[5] === 'Z' || (Number(match[6]) < 24 && Number(match[7]) < 60);
  return hours < 24 && minutes < 60 && seconds < 60 && offsetOk && Number.isFinite(Date.parse(text));
}

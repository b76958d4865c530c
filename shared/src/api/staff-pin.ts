// The staff PIN that guards the kiosk's folder re-pick. One per venue, set by an
// admin of the venue (or a super admin), stored only as a hash; the kiosk learns whether one is set
// and has the server check what staff type.
import { z } from 'zod';
import { MESSAGES } from '../messages.ts';
import { idSchema, timestamp } from './common.ts';

/** 4 to 8 digits: typed on the kiosk's own pad. */
export const STAFF_PIN_PATTERN = /^[0-9]{4,8}$/;

// Our wording (not in the spec).
export const STAFF_PIN_MESSAGES = {
  saved: 'Staff PIN saved',
  removed: 'Staff PIN removed',
  invalid: 'The PIN must be 4 to 8 digits',
  wrong: MESSAGES.guards.staffPinWrong,
  accepted: 'PIN accepted',
  waitBeforeRetry: (seconds: number) =>
    `Too many wrong PINs. Please try again in ${seconds < 60 ? `${seconds} ${seconds === 1 ? 'second' : 'seconds'}` : `${Math.ceil(seconds / 60)} minutes`}.`,
  tooManyAttempts: 'Too many wrong PINs. Please try again in 15 minutes.',
} as const;

const pin = z.string().regex(STAFF_PIN_PATTERN, STAFF_PIN_MESSAGES.invalid);

/** Sets (a PIN) or removes (null) the venue's staff PIN. */
export const setStaffPinRequest = z.strictObject({
  venueId: idSchema,
  pin: pin.nullable(),
});
export type SetStaffPinRequest = z.infer<typeof setStaffPinRequest>;

/** The venues (among those the admin sees) that have a staff PIN; never the PIN or its hash. */
export const staffPinListResponse = z.object({
  venues: z.array(z.object({ venueId: z.number().int(), updatedAt: timestamp })),
});
export type StaffPinListResponse = z.infer<typeof staffPinListResponse>;

export const setStaffPinResponse = z.object({ message: z.string(), set: z.boolean() });

/** Whether this kiosk's venue asks for a PIN before the folder re-pick. */
export const staffPinStatusResponse = z.object({ required: z.boolean() });
export type StaffPinStatusResponse = z.infer<typeof staffPinStatusResponse>;

export const verifyStaffPinRequest = z.strictObject({ pin });
export const verifyStaffPinResponse = z.object({ message: z.string(), ok: z.literal(true) });

/** A refused check after repeated wrong PINs (429), with the seconds to wait when known. */
export const staffPinThrottledResponse = z.object({
  message: z.string(),
  retryAfterSeconds: z.number().int().positive().optional(),
});

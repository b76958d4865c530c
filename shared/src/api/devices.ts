import { z } from 'zod';
import { MESSAGES } from '../messages.ts';
import { deviceIdSchema, idSchema, requiredId, timestamp } from './common.ts';
import { kioskLanguage } from './venues.ts';

export const DEVICE_MESSAGES = {
  registered: 'Device registered successfully',
  authorized: 'Device authorized successfully',
  deauthorized: 'Device deauthorized successfully',
  deleted: 'Device deleted successfully',
  notFound: 'Device not found',
  otherVenue: 'This device is registered to another venue',
  fieldWrongVenue: 'The selected field does not belong to the selected venue',
  // Ours (issue 9): test devices.
  madeTestDevice: 'Device marked as a test device',
  madeLiveDevice: 'Device marked as a live device',
  notTestDevice: 'This device is not a test device. Staging purchases can only be made on a test device.',
  // Ours (issue 12 point 3): 'Reset and Sync Device ID' moves the registration to the new id.
  replaced: 'Device ID replaced: the new ID keeps this kiosk’s registration',
  sameId: 'The new device ID is the same as the current one',
  newIdTaken: 'The new device ID is already registered',
} as const;

export const deviceSchema = z.object({
  id: z.number(),
  deviceId: z.string(),
  venueId: z.number(),
  venueName: z.string(),
  fieldId: z.number().nullable(),
  fieldName: z.string().nullable(),
  isAuthorized: z.boolean(),
  /** A test device: the only kind allowed staging purchases. */
  staging: z.boolean(),
  createdAt: timestamp,
});
export type Device = z.infer<typeof deviceSchema>;
export const deviceListResponse = z.array(deviceSchema);

/** POST /device/register, by a logged-in admin from the back-office on the kiosk itself. */
export const registerDeviceRequest = z.strictObject({
  deviceId: deviceIdSchema,
  venueId: requiredId(MESSAGES.devices.venueRequired),
  fieldId: idSchema.nullish(),
});
export type RegisterDeviceRequest = z.input<typeof registerDeviceRequest>;

export const registerDeviceResponse = z.object({ message: z.string(), isAuthorized: z.boolean(), device: deviceSchema });
export type RegisterDeviceResponse = z.infer<typeof registerDeviceResponse>;

export const authorizeDeviceRequest = z.strictObject({
  deviceId: deviceIdSchema,
  isAuthorized: z.boolean(),
});
export type AuthorizeDeviceRequest = z.input<typeof authorizeDeviceRequest>;

/** PUT /device/staging (super admin): marks a device as a test device, or back to live. */
export const deviceStagingRequest = z.strictObject({
  deviceId: deviceIdSchema,
  staging: z.boolean({ error: 'staging must be true or false' }),
});
export type DeviceStagingRequest = z.input<typeof deviceStagingRequest>;

/** POST /device/{deviceId}/replace: the new id takes over the old id's registration. */
export const replaceDeviceRequest = z.strictObject({
  newDeviceId: deviceIdSchema,
});
export type ReplaceDeviceRequest = z.input<typeof replaceDeviceRequest>;

export const deviceResponse = z.object({ message: z.string(), device: deviceSchema });
export type DeviceResponse = z.infer<typeof deviceResponse>;

/** PUT /field/device: assigns a device to a court of its venue (null: no court). */
export const assignDeviceFieldRequest = z.strictObject({
  deviceId: deviceIdSchema,
  fieldId: idSchema.nullable(),
});
export type AssignDeviceFieldRequest = z.input<typeof assignDeviceFieldRequest>;

/** GET /device/{deviceId}: public, what the kiosk needs to know about itself. */
export const deviceStatusResponse = z.object({
  deviceId: z.string(),
  venueId: z.number(),
  venueName: z.string(),
  /** The venue's kiosk language: the kiosk starts in it and goes back to it after each player. */
  venueLanguage: kioskLanguage,
  fieldId: z.number().nullable(),
  fieldName: z.string().nullable(),
  isAuthorized: z.boolean(),
  staging: z.boolean(),
});
export type DeviceStatusResponse = z.infer<typeof deviceStatusResponse>;

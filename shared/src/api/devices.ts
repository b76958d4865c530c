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
  // Ours: test devices.
  madeTestDevice: 'Device marked as a test device',
  madeLiveDevice: 'Device marked as a live device',
  notTestDevice: 'This device is not a test device. Staging purchases can only be made on a test device.',
  // Ours: 'Reset and Sync Device ID' moves the registration to the new id.
  replaced: 'Device ID replaced: the new ID keeps this kiosk’s registration',
  sameId: 'The new device ID is the same as the current one',
  newIdTaken: 'The new device ID is already registered',
  // Ours: kiosk health.
  renamed: 'Device name saved',
  nameTooLong: 'The device name must be at most 60 characters',
  // Ours: a heartbeat speaks only for the kiosk sending it, about the past.
  heartbeatNotOwn: 'A kiosk reports only its own health: X-Device-Id must name the device in the path',
  heartbeatInFuture: (field: string) => `${field} must not be in the future`,
} as const;

/** How many unused phone-page tokens a kiosk keeps for offline sales (it asks for more below this). */
export const PHONE_TOKEN_STOCK = 20;
/** The most tokens one request may ask for. */
export const PHONE_TOKENS_PER_REQUEST_MAX = 50;
/**
 * The most unused tokens the server keeps issued to one kiosk: asking beyond it retires the oldest
 * (a kiosk whose storage was wiped starts a new stock; the table cannot be flooded).
 */
export const PHONE_TOKENS_HELD_MAX = 100;

/** POST /device/phone-tokens: how many new tokens the kiosk wants for its stock. */
export const issuePhoneTokensRequest = z.object({
  count: z.number().int().min(1).max(PHONE_TOKENS_PER_REQUEST_MAX),
});
export type IssuePhoneTokensRequest = z.infer<typeof issuePhoneTokensRequest>;

export const issuePhoneTokensResponse = z.object({
  /** Fresh server-drawn tokens (128 random bits each, base64url), issued to this kiosk only. */
  tokens: z.array(z.string()),
});
export type IssuePhoneTokensResponse = z.infer<typeof issuePhoneTokensResponse>;

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

/** What may be wrong with a kiosk that is online. */
export const DEVICE_WARNINGS = ['no_new_clips', 'storage_nearly_full'] as const;
export type DeviceWarning = (typeof DEVICE_WARNINGS)[number];

/** A device in the Devices tab: its registration plus its health from the latest heartbeat. */
export const deviceListItemSchema = deviceSchema.extend({
  /** A friendly name an admin gave it; null: none. */
  name: z.string().nullable(),
  /** The latest heartbeat; null: never seen since health reporting began. */
  lastSeenAt: timestamp.nullable(),
  /** Seen within the last 2 minutes (KIOSK_OFFLINE_AFTER_SECONDS). */
  online: z.boolean(),
  /** Seen before, authorised, and silent for more than 10 minutes: also listed in the Errors tab. */
  offlineAlert: z.boolean(),
  appVersion: z.string().nullable(),
  onlineSince: timestamp.nullable(),
  /** The kiosk's outbox: purchases and clips waiting to reach the server. */
  queue: z.object({ purchases: z.number(), clips: z.number() }).nullable(),
  lastClipAt: timestamp.nullable(),
  storage: z.object({ usage: z.number(), quota: z.number() }).nullable(),
  screen: z.string().nullable(),
  warnings: z.array(z.enum(DEVICE_WARNINGS)),
});
export type DeviceListItem = z.infer<typeof deviceListItemSchema>;
export const deviceListResponse = z.array(deviceListItemSchema);

/** How far a kiosk's clock may run ahead of the server's: a heartbeat's times later than that are refused. */
export const HEARTBEAT_CLOCK_SKEW_MS = 5 * 60_000;

const kioskTime = z.iso.datetime({ offset: true, error: 'must be an ISO date-time' });
const count = z.number().int().min(0).max(1_000_000);
const bytes = z.number().int().min(0).max(Number.MAX_SAFE_INTEGER);

/**
 * POST /device/{deviceId}/heartbeat: what an open kiosk reports every 30 s. Sent with the kiosk's
 * own X-Device-Id (the path's); its times may run ahead of the server's clock by at most
 * HEARTBEAT_CLOCK_SKEW_MS (checked by the server, which alone knows the time).
 */
export const deviceHeartbeatRequest = z.strictObject({
  appVersion: z.string().trim().min(1).max(40),
  onlineSince: kioskTime,
  queue: z.strictObject({ purchases: count, clips: count }),
  lastClipAt: kioskTime.nullable(),
  storage: z.strictObject({ usage: bytes, quota: bytes }).nullable(),
  /** The kiosk screen showing: 'home', 'selection', 'checkout', ... */
  screen: z
    .string()
    .max(30)
    .regex(/^[a-z][a-z-]*$/, 'screen must be a lower-case word'),
});
export type DeviceHeartbeatRequest = z.input<typeof deviceHeartbeatRequest>;

/** PUT /device/{deviceId}/name: an empty name clears it. */
export const nameDeviceRequest = z.strictObject({
  name: z.string().trim().max(60, DEVICE_MESSAGES.nameTooLong),
});
export type NameDeviceRequest = z.input<typeof nameDeviceRequest>;
export const nameDeviceResponse = z.object({ message: z.string(), device: deviceListItemSchema });

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
  /**
   * A fingerprint of the configuration entries GET /api/admin/config answers this kiosk now: it
   * changes with any price, tier, gateway or media change in force for the kiosk (and with its
   * authorisation or test status), so the 3 s status poll tells the kiosk when to read them again.
   */
  configVersion: z.string().meta({ description: 'Changes whenever the configuration this kiosk reads changes' }),
  /** The server's clock when it answered: the kiosk aligns its own to it to place marks among its clips. */
  serverTime: timestamp,
  /** The venue's courts, to match the kiosk folder's subfolders; empty for an unauthorised kiosk. */
  courts: z.array(z.object({ id: z.number(), name: z.string() })),
  /** Moments marked from a phone on the venue's courts in the last two hours, newest first; empty for an unauthorised kiosk. */
  marks: z.array(z.object({ fieldId: z.number(), at: timestamp })),
});
export type DeviceStatusResponse = z.infer<typeof deviceStatusResponse>;

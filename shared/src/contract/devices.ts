// Kiosk devices: registered by an admin from the back-office on the kiosk itself, then managed in
// the Devices tab; the kiosk asks about itself by its own (secret, random) id.
import { z } from 'zod';
import {
  authorizeDeviceRequest,
  DEVICE_ID_PATTERN,
  DEVICE_MESSAGES,
  deviceHeartbeatRequest,
  deviceListResponse,
  deviceResponse,
  deviceStagingRequest,
  deviceStatusResponse,
  issuePhoneTokensRequest,
  issuePhoneTokensResponse,
  messageResponse,
  nameDeviceRequest,
  nameDeviceResponse,
  registerDeviceRequest,
  registerDeviceResponse,
  replaceDeviceRequest,
} from '../api/index.ts';
import { defineEndpoint } from './endpoint.ts';
import { ROUTES } from './routes.ts';

const tag = 'Kiosk devices';

/** A kiosk's own id in the path; anything else names no device (404). */
const deviceIdParams = z.object({
  deviceId: z.string().regex(DEVICE_ID_PATTERN).meta({ description: "The kiosk's own id (16 to 128 letters, digits, '-' or '_')" }),
});

/** A super admin's venue filter; a value that is not an id is ignored, as if left out (a venue admin always sees their own venue). */
const listDevicesQuery = z.object({
  venueId: z
    .string()
    .optional()
    .transform((raw) => (raw !== undefined && /^[1-9][0-9]{0,14}$/.test(raw) ? Number(raw) : undefined))
    .meta({ description: "Only this venue's devices (super admin); ignored when not an id" }),
});

export const deviceEndpoints = {
  registerDevice: defineEndpoint({
    ...ROUTES.registerDevice,
    tag,
    summary: 'Register this kiosk for a venue (and court), authorised at once; registering again moves it',
    access: 'admin',
    body: registerDeviceRequest,
    responses: { 201: registerDeviceResponse, 200: registerDeviceResponse },
    errors: [403, 404],
  }),
  authorizeDevice: defineEndpoint({
    ...ROUTES.authorizeDevice,
    tag,
    summary: 'Authorise or deauthorise a kiosk of the venue',
    access: 'admin',
    body: authorizeDeviceRequest,
    responses: { 200: deviceResponse },
    errors: [403, 404],
  }),
  setDeviceStaging: defineEndpoint({
    ...ROUTES.setDeviceStaging,
    tag,
    summary: 'Mark a kiosk as a test device (the only kind allowed staging purchases), or back to live',
    access: 'superAdmin',
    body: deviceStagingRequest,
    responses: { 200: deviceResponse },
    errors: [404],
  }),
  listDevices: defineEndpoint({
    ...ROUTES.listDevices,
    tag,
    summary: 'The kiosks an admin may see (a venue admin: their own venue), newest first',
    access: 'admin',
    query: listDevicesQuery,
    responses: { 200: deviceListResponse },
  }),
  getDevice: defineEndpoint({
    ...ROUTES.getDevice,
    tag,
    summary: 'What a kiosk needs to know about itself: its venue, court, authorisation and test status',
    description: 'Public: the kiosk asks by its own id, a long random secret.',
    access: 'public',
    params: deviceIdParams,
    unknownMessage: DEVICE_MESSAGES.notFound,
    responses: { 200: deviceStatusResponse },
    errors: [404],
  }),
  deleteDevice: defineEndpoint({
    ...ROUTES.deleteDevice,
    tag,
    summary: 'Delete a kiosk of the venue',
    access: 'admin',
    params: deviceIdParams,
    unknownMessage: DEVICE_MESSAGES.notFound,
    responses: { 200: messageResponse },
    errors: [403, 404],
  }),
  replaceDevice: defineEndpoint({
    ...ROUTES.replaceDevice,
    tag,
    summary: "Give a kiosk a new id: the new id takes over the old id's registration in one step",
    description:
      "'Reset and Sync Device ID': venue, court, authorisation, test status and creation date move to the new id; the old id is then unknown (404).",
    access: 'admin',
    params: deviceIdParams,
    unknownMessage: DEVICE_MESSAGES.notFound,
    body: replaceDeviceRequest,
    responses: { 200: deviceResponse },
    errors: [403, 404, 409],
  }),
  deviceHeartbeat: defineEndpoint({
    ...ROUTES.deviceHeartbeat,
    tag,
    summary: 'An open kiosk reports its health every 30 s (version, outbox, newest clip, storage, screen)',
    description:
      'Public like GET /api/device/{deviceId}: the kiosk names itself by its own secret id, authorised or not, ' +
      'in the path and in X-Device-Id (403 when they differ or the header is missing). onlineSince and ' +
      'lastClipAt may be at most 5 minutes ahead of the server clock (400). ' +
      'The Devices tab shows the latest report; a kiosk silent for 2 minutes shows offline.',
    access: 'public',
    params: deviceIdParams,
    unknownMessage: DEVICE_MESSAGES.notFound,
    body: deviceHeartbeatRequest,
    responses: { 200: z.object({ ok: z.literal(true) }) },
    errors: [403, 404],
  }),
  issuePhoneTokens: defineEndpoint({
    ...ROUTES.issuePhoneTokens,
    tag,
    summary: "Fresh phone-page tokens for the kiosk's stock: the QR codes of its next sales, offline ones included",
    description:
      "Each token is 128 bits from the server's random generator, issued to the calling kiosk only; a purchase " +
      'may name a token only once and only from the kiosk it was issued to (else 400). A kiosk keeps at least 20 ' +
      'unused and asks for more whenever it is online; beyond 100 unused the oldest are retired.',
    access: 'kiosk',
    body: issuePhoneTokensRequest,
    responses: { 200: issuePhoneTokensResponse },
  }),
  nameDevice: defineEndpoint({
    ...ROUTES.nameDevice,
    tag,
    summary: 'Give a kiosk a friendly name (an empty name clears it)',
    access: 'admin',
    params: deviceIdParams,
    unknownMessage: DEVICE_MESSAGES.notFound,
    body: nameDeviceRequest,
    responses: { 200: nameDeviceResponse },
    errors: [403, 404],
  }),
};

// The staff PIN of a venue, which the kiosk asks for before the folder re-pick.
import {
  setStaffPinRequest,
  setStaffPinResponse,
  staffPinListResponse,
  staffPinStatusResponse,
  staffPinThrottledResponse,
  verifyStaffPinRequest,
  verifyStaffPinResponse,
} from '../api/index.ts';
import { defineEndpoint } from './endpoint.ts';
import { ROUTES } from './routes.ts';

const tag = 'Staff PIN';

export const staffPinEndpoints = {
  listStaffPins: defineEndpoint({
    ...ROUTES.listStaffPins,
    tag,
    summary: 'Which venues (of those the admin sees) have a staff PIN; never the PIN itself',
    access: 'admin',
    responses: { 200: staffPinListResponse },
  }),
  setStaffPin: defineEndpoint({
    ...ROUTES.setStaffPin,
    tag,
    summary: "Set (4 to 8 digits) or remove (null) a venue's staff PIN; stored hashed",
    access: 'admin',
    body: setStaffPinRequest,
    responses: { 200: setStaffPinResponse },
    errors: [403, 404],
  }),
  staffPinStatus: defineEndpoint({
    ...ROUTES.staffPinStatus,
    tag,
    summary: "Whether this kiosk's venue asks for a staff PIN before the folder re-pick",
    access: 'kiosk',
    responses: { 200: staffPinStatusResponse },
  }),
  verifyStaffPin: defineEndpoint({
    ...ROUTES.verifyStaffPin,
    tag,
    summary: "Check a staff PIN typed on this kiosk against its venue's",
    description: 'Wrong PINs from one kiosk wait longer each time after 5 (429 with retryAfterSeconds), as logins do.',
    access: 'kiosk',
    body: verifyStaffPinRequest,
    responses: { 200: verifyStaffPinResponse },
    errors: [403],
    errorBodies: { 429: staffPinThrottledResponse },
  }),
};

import { z } from 'zod';
import { KIOSK_LANGUAGES } from '../languages.ts';
import { MESSAGES } from '../messages.ts';
import { requiredId, requiredText, timestamp } from './common.ts';
import { cameraSchema } from './recorders.ts';

export const VENUE_MESSAGES = {
  created: 'Venue created successfully',
  updated: 'Venue updated successfully',
  deleted: 'Venue deleted successfully',
  notFound: 'Venue not found',
} as const;

export const FIELD_MESSAGES = {
  created: 'Field created successfully',
  updated: 'Field updated successfully',
  deleted: 'Field deleted successfully',
  deviceAssigned: 'Device field updated successfully',
  notFound: 'Field not found',
  wrongVenue: "The field does not belong to this device's venue",
  // Ours: the court's "Mark this moment" poster.
  courtCodeRenewed: 'New poster link made: the old poster no longer works',
} as const;

/** The language a venue's kiosks start in. */
export const kioskLanguage = z.enum(KIOSK_LANGUAGES, { error: 'language must be en or id' });

export const venueSchema = z.object({
  id: z.number(),
  name: z.string(),
  location: z.string(),
  language: kioskLanguage,
  createdAt: timestamp,
});
export type Venue = z.infer<typeof venueSchema>;
export const venueListResponse = z.array(venueSchema);

/** POST /venue/create; the old client sends `deviceId: null`, accepted and ignored. */
export const createVenueRequest = z.strictObject({
  name: requiredText(100, MESSAGES.venues.requiredFields),
  location: requiredText(200, MESSAGES.venues.requiredFields),
  language: kioskLanguage.optional(),
  deviceId: z.null().optional(),
});
export type CreateVenueRequest = z.input<typeof createVenueRequest>;

/** PUT /venue/{id}: the location and the kiosk language may be left out to keep them. */
export const updateVenueRequest = z.strictObject({
  name: requiredText(100, MESSAGES.venues.venueNameEmpty),
  location: requiredText(200, MESSAGES.venues.requiredFields).optional(),
  language: kioskLanguage.optional(),
});
export type UpdateVenueRequest = z.input<typeof updateVenueRequest>;

export const venueResponse = z.object({ message: z.string(), venue: venueSchema });
export type VenueResponse = z.infer<typeof venueResponse>;

/** A court; the API calls it a field. */
export const fieldSchema = z.object({ id: z.number(), name: z.string(), venueId: z.number(), createdAt: timestamp });
export type Field = z.infer<typeof fieldSchema>;
/** A court as its venue's admins list it: with the link its "Mark this moment" QR poster opens. */
export const fieldListItemSchema = fieldSchema.extend({
  markUrl: z.string().nullable().meta({ description: '{PUBLIC_URL}/c/{courtCode}: the link of the court QR poster' }),
  camera: cameraSchema.nullable().meta({ description: "The court's IP camera, its password shown as ****; null without one" }),
});
export type FieldListItem = z.infer<typeof fieldListItemSchema>;
export const fieldListResponse = z.array(fieldListItemSchema);

/** POST /field/{id}/court-code: the court's new poster link (the old one stops working). */
export const courtCodeResponse = z.object({ message: z.string(), markUrl: z.string() });

/** POST /field/create: the venue is checked first, as on the screen. */
export const createFieldRequest = z.strictObject({
  venueId: requiredId(MESSAGES.venues.selectVenueFirst),
  name: requiredText(100, MESSAGES.venues.enterFieldName),
});
export type CreateFieldRequest = z.input<typeof createFieldRequest>;

export const updateFieldRequest = z.strictObject({
  name: requiredText(100, MESSAGES.venues.fieldNameEmpty),
});
export type UpdateFieldRequest = z.input<typeof updateFieldRequest>;

export const fieldResponse = z.object({ message: z.string(), field: fieldSchema });
export type FieldResponse = z.infer<typeof fieldResponse>;

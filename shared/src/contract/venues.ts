// Venues and their courts ("fields" in the API).
import { z } from 'zod';
import {
  assignDeviceFieldRequest,
  createFieldRequest,
  deviceResponse,
  createVenueRequest,
  FIELD_MESSAGES,
  fieldListResponse,
  fieldResponse,
  messageResponse,
  updateFieldRequest,
  updateVenueRequest,
  VENUE_MESSAGES,
  venueListResponse,
  venueResponse,
} from '../api/index.ts';
import { defineEndpoint } from './endpoint.ts';
import { idParam, idParams } from './params.ts';
import { ROUTES } from './routes.ts';

const tag = 'Venues and courts';

export const venueEndpoints = {
  listVenues: defineEndpoint({
    ...ROUTES.listVenues,
    tag,
    summary: 'The venues an admin may see (a venue admin: their own)',
    access: 'admin',
    responses: { 200: venueListResponse },
  }),
  createVenue: defineEndpoint({
    ...ROUTES.createVenue,
    tag,
    summary: 'Create a venue',
    access: 'superAdmin',
    body: createVenueRequest,
    responses: { 201: venueResponse },
  }),
  updateVenue: defineEndpoint({
    ...ROUTES.updateVenue,
    tag,
    summary: 'Rename a venue or change its location',
    access: 'superAdmin',
    params: idParams,
    unknownMessage: VENUE_MESSAGES.notFound,
    body: updateVenueRequest,
    responses: { 200: venueResponse },
    errors: [404],
  }),
  deleteVenue: defineEndpoint({
    ...ROUTES.deleteVenue,
    tag,
    summary: 'Delete a venue',
    access: 'superAdmin',
    params: idParams,
    unknownMessage: VENUE_MESSAGES.notFound,
    responses: { 200: messageResponse },
    errors: [404, 409],
  }),
  listFields: defineEndpoint({
    ...ROUTES.listFields,
    tag,
    summary: "A venue's courts",
    access: 'admin',
    params: z.object({ venueId: idParam }),
    unknownMessage: VENUE_MESSAGES.notFound,
    responses: { 200: fieldListResponse },
    errors: [403, 404],
  }),
  createField: defineEndpoint({
    ...ROUTES.createField,
    tag,
    summary: 'Add a court to a venue',
    access: 'superAdmin',
    body: createFieldRequest,
    responses: { 201: fieldResponse },
  }),
  assignDeviceField: defineEndpoint({
    ...ROUTES.assignDeviceField,
    tag,
    summary: 'Put a kiosk on a court of its venue',
    access: 'admin',
    body: assignDeviceFieldRequest,
    responses: { 200: deviceResponse },
    errors: [403, 404],
  }),
  updateField: defineEndpoint({
    ...ROUTES.updateField,
    tag,
    summary: 'Rename a court',
    access: 'superAdmin',
    params: idParams,
    unknownMessage: FIELD_MESSAGES.notFound,
    body: updateFieldRequest,
    responses: { 200: fieldResponse },
    errors: [404],
  }),
  deleteField: defineEndpoint({
    ...ROUTES.deleteField,
    tag,
    summary: 'Delete a court',
    access: 'superAdmin',
    params: idParams,
    unknownMessage: FIELD_MESSAGES.notFound,
    responses: { 200: messageResponse },
    errors: [404, 409],
  }),
};

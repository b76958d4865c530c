// The whole API: every entry of ROUTES completed with its definition. Adding an endpoint is one
// line in ROUTES, one definition in the resource's file here, and one handler on the server.
import type { EndpointDefinition } from './endpoint.ts';
import type { ROUTES, RouteName } from './routes.ts';
import { adminEndpoints } from './admin.ts';
import { metaEndpoints } from './meta.ts';
import { storageEndpoints } from './storage.ts';
import { venueEndpoints } from './venues.ts';
import { deviceEndpoints } from './devices.ts';
import { promoEndpoints } from './promos.ts';
import { purchaseEndpoints } from './purchases.ts';
import { paymentEndpoints } from './payments.ts';
import { kioskReportEndpoints } from './kiosk-reports.ts';
import { staffPinEndpoints } from './staff-pin.ts';
import { reportEndpoints } from './reports.ts';
import { whatsappEndpoints } from './whatsapp.ts';
import { phonePageEndpoints } from './phone-page.ts';
import { recorderEndpoints } from './recorders.ts';
import { markClipEndpoints } from './mark-clips.ts';
import { phoneStoreEndpoints } from './phone-store.ts';

export const endpoints = {
  ...metaEndpoints,
  ...adminEndpoints,
  ...venueEndpoints,
  ...storageEndpoints,
  ...deviceEndpoints,
  ...promoEndpoints,
  ...purchaseEndpoints,
  ...paymentEndpoints,
  ...kioskReportEndpoints,
  ...staffPinEndpoints,
  ...reportEndpoints,
  ...whatsappEndpoints,
  ...phonePageEndpoints,
  ...recorderEndpoints,
  ...markClipEndpoints,
  ...phoneStoreEndpoints,
} satisfies { [K in RouteName]: EndpointDefinition & (typeof ROUTES)[K] };

export type Endpoints = typeof endpoints;

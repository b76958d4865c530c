// Kiosk reports: what a kiosk could not solve alone (purchases its outbox parked, clip upload
// progress), and the back-office's views of them (Errors tab, delivery column).
import {
  deliveryQuerySchema,
  ERROR_LOG_MESSAGES,
  errorIdParams,
  errorLogQuerySchema,
  errorLogResponseSchema,
  resolveErrorResponseSchema,
  deliveryResponseSchema,
  KIOSK_REPORT_MESSAGES,
  kioskParkedReportSchema,
  kioskReportVenueQuerySchema,
  kioskUploadProgressReportSchema,
  listParkedResponseSchema,
  listReversedResponseSchema,
  messageResponse,
} from '../api/index.ts';
import { defineEndpoint } from './endpoint.ts';
import { idParams } from './params.ts';
import { ROUTES } from './routes.ts';

const tag = 'Kiosk reports';

export const kioskReportEndpoints = {
  reportParked: defineEndpoint({
    ...ROUTES.reportParked,
    tag,
    summary: 'A purchase the kiosk parked because the server refused it (stored once per Idempotency-Key)',
    access: 'kiosk',
    body: kioskParkedReportSchema,
    responses: { 200: messageResponse },
  }),
  reportProgress: defineEndpoint({
    ...ROUTES.reportProgress,
    tag,
    summary: "Clip upload progress of one of this kiosk's purchases",
    access: 'kiosk',
    body: kioskUploadProgressReportSchema,
    responses: { 200: messageResponse },
    errors: [404],
  }),
  listErrors: defineEndpoint({
    ...ROUTES.listErrors,
    tag: 'Error log',
    summary: 'The error log: every problem to act on, newest first, with what happened and what to do',
    description:
      'Gathered from parked purchases, failed uploads and e-mails (purchase history), reversed payments, kiosks ' +
      'silent for more than 10 minutes and, for a super admin, credential alerts and failing integrations. An ' +
      'admin of one venue sees their venue only. status=open (default) hides resolved entries: marked by an admin, ' +
      'or resolved by themselves (resolvedAt set, resolvedBy null), e.g. an e-mail that went out on a later try.',
    access: 'admin',
    query: errorLogQuerySchema,
    responses: { 200: errorLogResponseSchema },
  }),
  resolveError: defineEndpoint({
    ...ROUTES.resolveError,
    tag: 'Error log',
    summary: 'Mark an error log entry as resolved (recorded with who and when; repeating it changes nothing)',
    access: 'admin',
    params: errorIdParams,
    unknownMessage: ERROR_LOG_MESSAGES.notFound,
    responses: { 200: resolveErrorResponseSchema },
    errors: [404],
  }),
  listParked: defineEndpoint({
    ...ROUTES.listParked,
    tag,
    summary: 'Parked purchases, newest first (an admin of one venue: their own)',
    access: 'admin',
    query: kioskReportVenueQuerySchema,
    responses: { 200: listParkedResponseSchema },
  }),
  listReversed: defineEndpoint({
    ...ROUTES.listReversed,
    tag,
    summary: 'Paid purchases whose payment the provider reversed afterwards, newest first',
    access: 'admin',
    query: kioskReportVenueQuerySchema,
    responses: { 200: listReversedResponseSchema },
  }),
  dismissParked: defineEndpoint({
    ...ROUTES.dismissParked,
    tag,
    summary: 'Dismiss a parked purchase once an operator has dealt with it',
    access: 'admin',
    params: idParams,
    unknownMessage: KIOSK_REPORT_MESSAGES.reportNotFound,
    responses: { 200: messageResponse },
    errors: [403, 404],
  }),
  deliveryReport: defineEndpoint({
    ...ROUTES.deliveryReport,
    tag,
    summary: "Where each listed purchase's delivery stands (unknown ids and other venues' are left out)",
    access: 'admin',
    query: deliveryQuerySchema,
    responses: { 200: deliveryResponseSchema },
  }),
};

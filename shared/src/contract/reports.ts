// Reports: what the venue sold, for the back-office's Transactions tab.
import { salesReportQuerySchema, salesReportResponseSchema, setupChecklistResponse } from '../api/index.ts';
import { defineEndpoint } from './endpoint.ts';
import { ROUTES } from './routes.ts';

const tag = 'Reports';

export const reportEndpoints = {
  salesReport: defineEndpoint({
    ...ROUTES.salesReport,
    tag,
    summary: 'Sales at a glance for the list filters: totals, by Asia/Jakarta day and by court (an admin of one venue: their own)',
    description:
      'Revenue, purchases and clips count paid purchases only (never free, pending, failed, expired, staging, nor a paid ' +
      'purchase whose payment was later reversed or refunded). Days are the purchase creation date in Asia/Jakarta. ' +
      'Staging purchases are counted apart in `staging`, and only with includeStaging=true.',
    access: 'admin',
    query: salesReportQuerySchema,
    responses: { 200: salesReportResponseSchema },
  }),
  setupChecklist: defineEndpoint({
    ...ROUTES.setupChecklist,
    tag,
    summary: 'The first-run checklist: venue, court, price, an authorised kiosk, integrations tested',
    access: 'superAdmin',
    responses: { 200: setupChecklistResponse },
  }),
};

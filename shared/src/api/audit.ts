import { z } from 'zod';
import { dateSchema } from './common.ts';

export const AUDIT_MESSAGES = {
  title: 'Audit log',
  empty: 'No changes recorded yet',
  invalidDate: 'Dates must be real calendar days written as YYYY-MM-DD',
  invalidRange: 'The end date must not be before the start date',
} as const;

const day = dateSchema(AUDIT_MESSAGES.invalidDate).optional();

/** GET /api/audit-log filters: action or entity, admin, venue-local days (inclusive), page. */
export const auditLogQuery = z
  .object({
    action: z.string().max(100).optional().meta({ description: 'Exact action, e.g. config.update' }),
    entity: z.string().max(100).optional().meta({ description: 'Exact entity, e.g. admin' }),
    adminId: z
      .string()
      .regex(/^[1-9][0-9]{0,14}$/, 'adminId must be an id')
      .transform(Number)
      .optional(),
    from: day.meta({ description: 'First day (Asia/Jakarta), inclusive' }),
    to: day.meta({ description: 'Last day (Asia/Jakarta), inclusive' }),
    page: z
      .string()
      .regex(/^[1-9][0-9]{0,5}$/, 'page must be a positive number')
      .transform(Number)
      .optional(),
  })
  .superRefine((q, ctx) => {
    if (q.from && q.to && q.to < q.from) ctx.addIssue({ code: 'custom', path: ['to'], message: AUDIT_MESSAGES.invalidRange });
  });

export const auditEntry = z.object({
  id: z.number(),
  at: z.string(),
  adminId: z.number().nullable(),
  adminEmail: z.string(),
  action: z.string(),
  entity: z.string(),
  entityId: z.string().nullable(),
  venueId: z.number().nullable(),
  before: z.unknown().nullable(),
  after: z.unknown().nullable(),
});
export type AuditEntry = z.infer<typeof auditEntry>;

export const auditLogResponse = z.object({
  entries: z.array(auditEntry),
  page: z.number(),
  pageSize: z.number(),
  total: z.number(),
});
export type AuditLogResponse = z.infer<typeof auditLogResponse>;

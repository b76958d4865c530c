import { z } from 'zod';
import { MESSAGES } from '../messages.ts';
import { adminVenue, serverRoleSchema } from './auth.ts';
import { idSchema, timestamp, whenMissing } from './common.ts';

const credentialsRequired = MESSAGES.createAdmin.credentialsRequired;

export const ADMIN_MESSAGES = {
  created: 'Admin created successfully',
  deleted: 'Admin deleted successfully',
  emailTaken: 'An admin with this email already exists',
  invalidEmail: 'Please enter a valid email address',
  passwordTooShort: 'Password must be at least 8 characters',
  cannotDeleteSelf: 'You cannot delete your own account',
  notFound: 'Admin not found',
  venueNotFound: 'The selected venue does not exist',
} as const;

/**
 * POST /admin/create. `role` takes the server's values; the client's `superadmin` is accepted too.
 * `venueId` is required for an admin and ignored for a super admin (all venues).
 */
export const createAdminRequest = z
  .strictObject({
    email: z
      .string({ error: whenMissing(credentialsRequired) })
      .trim()
      .min(1, credentialsRequired)
      .max(254)
      .pipe(z.email(ADMIN_MESSAGES.invalidEmail))
      .transform((email) => email.toLowerCase()),
    password: z
      .string({ error: whenMissing(credentialsRequired) })
      .min(1, credentialsRequired)
      .min(8, ADMIN_MESSAGES.passwordTooShort)
      .max(200),
    role: z
      .enum(['super_admin', 'superadmin', 'admin'], { error: 'Role must be admin or super_admin' })
      .transform((role): z.infer<typeof serverRoleSchema> => (role === 'admin' ? 'admin' : 'super_admin')),
    venueId: idSchema.nullish(),
  })
  .superRefine((value, ctx) => {
    if (value.role === 'admin' && !value.venueId) {
      ctx.addIssue({ code: 'custom', path: ['venueId'], message: MESSAGES.createAdmin.venueRequired });
    }
  });
export type CreateAdminRequest = z.input<typeof createAdminRequest>;

export const adminListItem = z.object({
  id: z.number(),
  email: z.string(),
  role: serverRoleSchema,
  venueId: z.number().nullable(),
  venues: z.array(adminVenue),
  createdAt: timestamp,
});
export type AdminListItem = z.infer<typeof adminListItem>;

export const adminListResponse = z.array(adminListItem);
export const createAdminResponse = z.object({ message: z.string(), admin: adminListItem });
export type CreateAdminResponse = z.infer<typeof createAdminResponse>;

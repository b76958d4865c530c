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
  passwordChanged: 'Password changed. Other sessions of this account have been logged out.',
  wrongCurrentPassword: 'The current password is not correct',
  samePassword: 'The new password must differ from the current one',
  passwordReset: 'One-time password set. Give it to the admin now: it is shown only once.',
  cannotResetSelf: 'Change your own password with Change password',
} as const;

/** The rule every admin password follows (create, change, reset). */
const newPassword = z
  .string({ error: whenMissing(ADMIN_MESSAGES.passwordTooShort) })
  .min(8, ADMIN_MESSAGES.passwordTooShort)
  .max(200)
  .refine((password) => password.trim() !== '', ADMIN_MESSAGES.passwordTooShort);

/** PUT /admin/password: the signed-in admin changes their own password. */
export const changePasswordRequest = z
  .strictObject({
    currentPassword: z.string({ error: whenMissing(ADMIN_MESSAGES.wrongCurrentPassword) }).max(200, ADMIN_MESSAGES.wrongCurrentPassword),
    newPassword,
  })
  .refine((body) => body.newPassword !== body.currentPassword, { path: ['newPassword'], message: ADMIN_MESSAGES.samePassword });
export type ChangePasswordRequest = z.input<typeof changePasswordRequest>;

/** POST /admin/{id}/reset-password: the one-time password, shown once and stored only as a hash. */
export const resetPasswordResponse = z.object({ message: z.string(), password: z.string() });
export type ResetPasswordResponse = z.infer<typeof resetPasswordResponse>;

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
  /** The last successful login; null: never. */
  lastLoginAt: timestamp.nullable(),
  /** Holds a one-time password a super admin set. */
  mustChangePassword: z.boolean(),
});
export type AdminListItem = z.infer<typeof adminListItem>;

export const adminListResponse = z.array(adminListItem);
export const createAdminResponse = z.object({ message: z.string(), admin: adminListItem });
export type CreateAdminResponse = z.infer<typeof createAdminResponse>;

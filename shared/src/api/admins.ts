import { z } from 'zod';
import { ADMIN_LANGUAGES } from '../languages.ts';
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
  passwordsRequired: 'Current and new password are required',
  wrongCurrentPassword: 'Your current password is incorrect',
  passwordChanged: 'Password changed. Your other sessions have been signed out.',
  samePassword: 'The new password must differ from the current one',
  passwordReset: 'Password reset. Give this one-time password to the admin; it is shown only once.',
  cannotResetSelf: 'Use Change password for your own account',
  languageInvalid: 'language must be en or id',
  languageSaved: 'Language saved',
} as const;

const newPassword = z
  .string({ error: whenMissing(ADMIN_MESSAGES.passwordsRequired) })
  .min(1, ADMIN_MESSAGES.passwordsRequired)
  .min(8, ADMIN_MESSAGES.passwordTooShort)
  .max(200)
  .refine((password) => password.trim() !== '', ADMIN_MESSAGES.passwordsRequired);

/** PUT /api/admin/password: the signed-in admin changes their own password. */
export const changePasswordRequest = z.strictObject({
  currentPassword: z
    .string({ error: whenMissing(ADMIN_MESSAGES.passwordsRequired) })
    .min(1, ADMIN_MESSAGES.passwordsRequired)
    .max(200),
  newPassword,
});
export type ChangePasswordRequest = z.infer<typeof changePasswordRequest>;

/** PUT /api/admin/me/language: the signed-in admin's back-office language. */
export const adminLanguageRequest = z.strictObject({
  language: z.enum(ADMIN_LANGUAGES, { error: ADMIN_MESSAGES.languageInvalid }),
});
export type AdminLanguageRequest = z.infer<typeof adminLanguageRequest>;

export const adminLanguageResponse = z.object({ message: z.string(), language: z.enum(ADMIN_LANGUAGES) });
export type AdminLanguageResponse = z.infer<typeof adminLanguageResponse>;

/** POST /api/admin/{id}/reset-password: the one-time password, shown once and never stored in clear. */
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
  /** When this admin last logged in; null if never. */
  lastLoginAt: timestamp.nullable(),
});
export type AdminListItem = z.infer<typeof adminListItem>;

export const adminListResponse = z.array(adminListItem);
export const createAdminResponse = z.object({ message: z.string(), admin: adminListItem });
export type CreateAdminResponse = z.infer<typeof createAdminResponse>;

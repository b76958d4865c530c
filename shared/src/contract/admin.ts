// The back-office's own calls: admin sessions and accounts, the configuration (prices, bundle
// tiers, CMS texts) and the Integrations panel.
import { z } from 'zod';
import {
  ADMIN_MESSAGES,
  adminLanguageRequest,
  adminLanguageResponse,
  adminListResponse,
  auditLogQuery,
  auditLogResponse,
  changePasswordRequest,
  resetPasswordResponse,
  configListQuery,
  configListResponse,
  createAdminRequest,
  createAdminResponse,
  INTEGRATION_KINDS,
  INTEGRATION_MESSAGES,
  integrationsResponseSchema,
  integrationTestResultSchema,
  loginRequest,
  loginResponse,
  loginThrottledResponse,
  messageResponse,
  updateConfigRequest,
  updateConfigResponse,
  venueListResponse,
  verifyResponse,
} from '../api/index.ts';
import { defineEndpoint } from './endpoint.ts';
import { idParams } from './params.ts';
import { ROUTES } from './routes.ts';

const sessions = 'Admin sessions';
const admins = 'Admins';
const config = 'Configuration';
const integrations = 'Integrations';

export const adminEndpoints = {
  login: defineEndpoint({
    ...ROUTES.login,
    tag: sessions,
    summary: 'Log in: a bearer token for the admin calls',
    description:
      'Repeated failures for one e-mail from one address wait longer each time (429 with retryAfterSeconds); an address with many failures across e-mails is refused for 15 minutes (429).',
    access: 'public',
    body: loginRequest,
    responses: { 200: loginResponse },
    errors: [401],
    errorBodies: { 429: loginThrottledResponse },
  }),
  verifySession: defineEndpoint({
    ...ROUTES.verifySession,
    tag: sessions,
    summary: 'Whether the bearer token is still a session, and its user',
    access: 'admin',
    responses: { 200: verifyResponse },
  }),
  logout: defineEndpoint({
    ...ROUTES.logout,
    tag: sessions,
    summary: 'End the session of the bearer token (if any)',
    access: 'public',
    responses: { 200: messageResponse },
  }),
  listAdmins: defineEndpoint({
    ...ROUTES.listAdmins,
    tag: admins,
    summary: 'Every admin account',
    access: 'superAdmin',
    responses: { 200: adminListResponse },
  }),
  createAdmin: defineEndpoint({
    ...ROUTES.createAdmin,
    tag: admins,
    summary: 'Create an admin (of one venue) or a super admin',
    access: 'superAdmin',
    body: createAdminRequest,
    responses: { 201: createAdminResponse },
    errors: [409],
  }),
  listAdminVenues: defineEndpoint({
    ...ROUTES.listAdminVenues,
    tag: admins,
    summary: 'The venues an admin can be assigned to',
    access: 'superAdmin',
    responses: { 200: venueListResponse },
  }),
  deleteAdmin: defineEndpoint({
    ...ROUTES.deleteAdmin,
    tag: admins,
    summary: 'Delete an admin and end their sessions (never oneself)',
    access: 'superAdmin',
    params: idParams,
    unknownMessage: ADMIN_MESSAGES.notFound,
    responses: { 200: messageResponse },
    errors: [400, 404],
  }),
  changePassword: defineEndpoint({
    ...ROUTES.changePassword,
    tag: sessions,
    summary: 'Change your own password (other sessions end, this one stays)',
    description: 'A wrong current password is 401 and counts as a failed login (same throttle, 429).',
    access: 'admin',
    body: changePasswordRequest,
    responses: { 200: messageResponse },
    errors: [401],
    errorBodies: { 429: loginThrottledResponse },
  }),
  setAdminLanguage: defineEndpoint({
    ...ROUTES.setAdminLanguage,
    tag: sessions,
    summary: 'Choose your own back-office language (en or id), kept for your next logins',
    description: "Only the signed-in admin's own choice changes; login and verify answer it as user.language.",
    access: 'admin',
    body: adminLanguageRequest,
    responses: { 200: adminLanguageResponse },
  }),
  resetAdminPassword: defineEndpoint({
    ...ROUTES.resetAdminPassword,
    tag: admins,
    summary: "Reset another admin's password to a one-time password, shown once (their sessions end)",
    access: 'superAdmin',
    params: idParams,
    unknownMessage: ADMIN_MESSAGES.notFound,
    responses: { 200: resetPasswordResponse },
    errors: [400, 404],
  }),
  listAuditLog: defineEndpoint({
    ...ROUTES.listAuditLog,
    tag: admins,
    summary: 'Who changed what and when, newest first (50 a page)',
    access: 'superAdmin',
    query: auditLogQuery,
    responses: { 200: auditLogResponse },
  }),
  getConfig: defineEndpoint({
    ...ROUTES.getConfig,
    tag: config,
    summary: 'The configuration entries in force, globally or at one venue',
    description:
      'Every entry for an admin or a test kiosk; a live kiosk gets no _STAGING entries; anyone else only the home screen media (promo videos, background, watermark). Missing keys take the defaults. ' +
      'Each entry names the venue whose own value it is (venueId), or null for the global entry. An admin may ask for one venue (venueId: a venue admin, their own only); ' +
      "a kiosk always gets its own venue's entries in force, whatever it asks. " +
      'An admin still holding a one-time password gets 403 until they set their own.',
    access: 'public',
    query: configListQuery,
    responses: { 200: configListResponse },
    errors: [403, 404],
  }),
  updateConfig: defineEndpoint({
    ...ROUTES.updateConfig,
    tag: config,
    summary: 'Set one configuration entry, globally or for one venue (a price of 0 also turns its gateway off)',
    description:
      "Without venueId (or null): the global entry, super admins only. With venueId: that venue's own price, tier table or gateway switch (or a staging twin), " +
      "for a super admin or that venue's admin; value null removes it. A price or tier table under which more clips would cost less than fewer is refused (400), " +
      'at any venue where it would apply.',
    access: 'admin',
    body: updateConfigRequest,
    responses: { 200: updateConfigResponse },
    errors: [403, 404],
  }),
  integrationHealth: defineEndpoint({
    ...ROUTES.integrationHealth,
    tag: integrations,
    summary: "Each integration's adapter, last success and last error, and the open credential alerts",
    access: 'superAdmin',
    responses: { 200: integrationsResponseSchema },
  }),
  testIntegration: defineEndpoint({
    ...ROUTES.testIntegration,
    tag: integrations,
    summary: "Test one integration's connection through its adapter",
    description: 'A failed test is an answer (ok: false), not an error; its outcome is recorded like any call of the integration.',
    access: 'superAdmin',
    params: z.object({ kind: z.enum(INTEGRATION_KINDS) }),
    unknownMessage: INTEGRATION_MESSAGES.unknownIntegration,
    responses: { 200: integrationTestResultSchema },
  }),
};

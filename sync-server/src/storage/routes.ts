// /api/google-drive/* and /api/storage/upload-status (spec section 7), whichever storage adapter is
// configured: quota and clean-up for super admins; folders and upload URLs for authorised kiosks
// and for admins (the resend flow uploads from the admin's browser); upload status, and the parts
// and completion of multipart uploads (S3, large clips), for each caller's own uploads.
import { endpoints, SERVER_MESSAGES } from '@courtreplay/shared';
import { Hono, type Context } from 'hono';
import type { AppEnv } from '../app-env.ts';
import type { StorageProvider } from '../adapters/ports.ts';
import { currentDevice } from '../http/auth.ts';
import { auditRoute } from '../audit/record.ts';
import { route } from '../http/contract.ts';
import { invalidInput, DomainError } from '../errors.ts';
import {
  assertMayUploadTo,
  completeOwnMultipart,
  createPurchaseFolder,
  ownMultipartParts,
  ownUploadStatus,
  recordUploadedClip,
  recordUploadSession,
  uploadOwner,
  type FolderCaller,
} from './service.ts';

function storageOf(c: Context<AppEnv>): StorageProvider {
  const storage = c.var.deps.storage;
  if (!storage) throw new DomainError('unavailable', SERVER_MESSAGES.storage.notConfigured);
  return storage;
}

/** The configured public address (config's publicUrlOf), never the request's Host header. */
export function baseUrlOf(c: Context<AppEnv>): string {
  return c.var.deps.config.publicUrl;
}

function callerOf(c: Context<AppEnv>): FolderCaller {
  const admin = c.get('admin');
  return admin ? { admin } : { device: currentDevice(c) };
}

export function storageRoutes(): Hono<AppEnv> {
  const app = new Hono<AppEnv>();

  route(app, endpoints.storageQuota).handle(async (c) => {
    const quota = await storageOf(c).quota();
    return { status: 200, body: { success: true, quota: { ...quota, lastUpdated: c.var.deps.clock.now().toISOString() } } };
  });

  route(app, endpoints.deleteOldFiles).handle(async (c, { body: { olderThan } }) => {
    // A date to come would delete today's clips too, which the players may not have opened yet.
    if (Date.parse(olderThan) > c.var.deps.clock.now().getTime()) throw invalidInput(SERVER_MESSAGES.storage.olderThanInFuture);
    const filesDeleted = await storageOf(c).deleteOlderThan(new Date(olderThan));
    c.var.log.info({ olderThan, filesDeleted }, 'old files deleted');
    await auditRoute(c, { action: 'storage.delete_old', entity: 'storage', after: { olderThan, filesDeleted } });
    return { status: 200, body: { success: true, filesDeleted } };
  });

  route(app, endpoints.emptyDrive).handle(async (c) => {
    const filesDeleted = await storageOf(c).empty();
    c.var.log.info({ filesDeleted }, 'storage emptied');
    await auditRoute(c, { action: 'storage.empty', entity: 'storage', after: { filesDeleted } });
    return { status: 200, body: { success: true, filesDeleted } };
  });

  route(app, endpoints.storageCleanupPreview).handle(async (c, { query }) => {
    const cutoff = query.olderThan === undefined ? undefined : new Date(query.olderThan);
    return { status: 200, body: await storageOf(c).measure(cutoff) };
  });

  route(app, endpoints.createFolder).handle(async (c, { body }) => {
    const { db, clock, config } = c.var.deps;
    const deps = { db, storage: storageOf(c), now: clock.now(), paymentWindowMs: config.pendingPaymentExpiryMs };
    const folder = await createPurchaseFolder(deps, callerOf(c), {
      ...body,
      baseUrl: baseUrlOf(c),
    });
    return { status: 200, body: folder };
  });

  route(app, endpoints.getSignedUrl).handle(async (c, { body }) => {
    const { db, clock, config } = c.var.deps;
    const { videoId, ...file } = body;
    const storage = storageOf(c);
    const now = clock.now();
    const purchase = await assertMayUploadTo({ db, now, paymentWindowMs: config.pendingPaymentExpiryMs }, callerOf(c), body.folderId);
    if (purchase) await recordUploadedClip(db, purchase, { folderId: body.folderId, filename: body.filename, videoId, now });
    const answer = await storage.createUploadUrl({ ...file, origin: c.req.header('Origin'), baseUrl: baseUrlOf(c) });
    await recordUploadSession(db, { uploadUrl: answer.uploadUrl, owner: uploadOwner(callerOf(c)), size: body.size, now });
    return { status: 200, body: answer };
  });

  route(app, endpoints.uploadStatus).handle(async (c, { body: { uploadUrl } }) => {
    const { db, storage } = c.var.deps;
    return { status: 200, body: await ownUploadStatus({ db, storage }, uploadOwner(callerOf(c)), uploadUrl) };
  });

  route(app, endpoints.multipartParts).handle(async (c, { body: { uploadUrl } }) => {
    const { db, storage } = c.var.deps;
    return { status: 200, body: await ownMultipartParts({ db, storage }, uploadOwner(callerOf(c)), uploadUrl) };
  });

  route(app, endpoints.completeMultipart).handle(async (c, { body: { uploadUrl } }) => {
    const { db, storage } = c.var.deps;
    return { status: 200, body: await completeOwnMultipart({ db, storage }, uploadOwner(callerOf(c)), uploadUrl) };
  });

  return app;
}

// /api/google-drive/* (spec section 7), whichever storage adapter is configured: quota and clean-up
// for super admins; folders and upload URLs for authorised kiosks and for admins (the resend flow
// uploads from the admin's browser).
import { SERVER_MESSAGES } from '@courtreplay/shared';
import { Hono, type Context } from 'hono';
import { z } from 'zod';
import type { AppEnv } from '../app.ts';
import type { StorageProvider } from '../adapters/ports.ts';
import { currentDevice, requireDeviceOrAdmin, requireSuperAdmin } from '../http/auth.ts';
import { invalidInput, DomainError } from '../errors.ts';
import { parseWith } from '../http/validation.ts';
import { assertMayUploadTo, createPurchaseFolder, type FolderCaller } from './folders.ts';
import { recordUploadSession } from './upload-status.routes.ts';

const deleteOldSchema = z.object({ olderThan: z.string().refine((v) => !Number.isNaN(Date.parse(v)), 'olderThan must be an ISO date') });
const createFolderSchema = z.object({
  folderName: z.string().trim().min(1).max(200),
  /** Optional: records the folder against the purchase. */
  purchaseId: z.string().max(50).optional(),
});
const signedUrlSchema = z.object({
  filename: z.string().max(500),
  mimeType: z.string().min(1).max(100),
  size: z.number().int().positive(),
  folderId: z.string().min(1).max(200),
});

function storageOf(c: Context<AppEnv>): StorageProvider {
  const storage = c.var.deps.storage;
  if (!storage) throw new DomainError('unavailable', SERVER_MESSAGES.storage.notConfigured);
  return storage;
}

async function readJson(c: Context<AppEnv>): Promise<unknown> {
  try {
    return await c.req.json();
  } catch {
    throw invalidInput(SERVER_MESSAGES.request.invalidJson);
  }
}

/** The configured public address (config's publicUrlOf), never the request's Host header. */
export function baseUrlOf(c: Context<AppEnv>): string {
  return c.var.deps.config.publicUrl;
}

function callerOf(c: Context<AppEnv>): FolderCaller {
  const admin = c.get('admin');
  return admin ? { admin } : { device: currentDevice(c) };
}


export function googleDriveRoutes(): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();

  routes.get('/storage-quota', requireSuperAdmin, async (c) => {
    const quota = await storageOf(c).quota();
    return c.json({ success: true, quota: { ...quota, lastUpdated: c.var.deps.clock.now().toISOString() } });
  });

  routes.post('/delete-old-files', requireSuperAdmin, async (c) => {
    const { olderThan } = parseWith(deleteOldSchema, await readJson(c));
    // A date to come would delete today's clips too, which the players may not have opened yet.
    if (Date.parse(olderThan) > c.var.deps.clock.now().getTime()) throw invalidInput(SERVER_MESSAGES.storage.olderThanInFuture);
    const filesDeleted = await storageOf(c).deleteOlderThan(new Date(olderThan));
    c.var.log.info({ olderThan, filesDeleted }, 'old files deleted');
    return c.json({ success: true, filesDeleted });
  });

  routes.post('/empty-drive', requireSuperAdmin, async (c) => {
    const filesDeleted = await storageOf(c).empty();
    c.var.log.info({ filesDeleted }, 'storage emptied');
    return c.json({ success: true, filesDeleted });
  });

  routes.post('/create-folder', requireDeviceOrAdmin, async (c) => {
    const input = parseWith(createFolderSchema, await readJson(c));
    const folder = await createPurchaseFolder({ db: c.var.deps.db, storage: storageOf(c), now: c.var.deps.clock.now() }, callerOf(c), { ...input, baseUrl: baseUrlOf(c) });
    return c.json(folder);
  });

  routes.post('/get-signed-url', requireDeviceOrAdmin, async (c) => {
    const input = parseWith(signedUrlSchema, await readJson(c));
    await assertMayUploadTo(c.var.deps.db, callerOf(c), input.folderId);
    const answer = await storageOf(c).createUploadUrl({ ...input, origin: c.req.header('Origin'), baseUrl: baseUrlOf(c) });
    if (!c.get('admin')) await recordUploadSession(c.var.deps.db, { uploadUrl: answer.uploadUrl, deviceId: currentDevice(c).deviceId, size: input.size, now: c.var.deps.clock.now() });
    return c.json(answer);
  });

  return routes;
}

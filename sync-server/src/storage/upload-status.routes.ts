// POST /api/storage/upload-status { uploadUrl } -> { received, complete }: where a resumable upload
// session stands, asked server-side. Drive's CORS hides the Range header of a 308 from the
// browser, so a kiosk that cannot read it asks here instead of resending chunk 0 forever. Only for
// upload URLs issued to this kiosk (recorded when get-signed-url answered it).
import { SERVER_MESSAGES } from '@courtreplay/shared';
import { createHash } from 'node:crypto';
import { Hono } from 'hono';
import { z } from 'zod';
import type { AppEnv } from '../app.ts';
import type { Db } from '../db/database.ts';
import { currentDevice, requireAuthorisedDevice } from '../http/auth.ts';
import { invalidInput, DomainError } from '../errors.ts';
import { parseWith } from '../http/validation.ts';

const statusSchema = z.object({ uploadUrl: z.string().url().max(4000) });

const hashOf = (uploadUrl: string) => createHash('sha256').update(uploadUrl).digest('hex');

/** Remembers that this upload URL was issued to this kiosk (called by get-signed-url). */
export async function recordUploadSession(db: Db, input: { uploadUrl: string; deviceId: string; size: number; now: Date }): Promise<void> {
  await db
    .insertInto('upload_sessions')
    .values({ urlHash: hashOf(input.uploadUrl), deviceId: input.deviceId, size: input.size, createdAt: input.now.toISOString() })
    .onConflict((oc) => oc.column('urlHash').doNothing())
    .execute();
}

export function uploadStatusRoutes(): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();
  routes.post('/', requireAuthorisedDevice, async (c) => {
    const body: unknown = await c.req.json().catch(() => {
      throw invalidInput(SERVER_MESSAGES.request.invalidJson);
    });
    const { uploadUrl } = parseWith(statusSchema, body);
    const device = currentDevice(c);
    const session = await c.var.deps.db.selectFrom('upload_sessions').selectAll().where('urlHash', '=', hashOf(uploadUrl)).executeTakeFirst();
    // Same answer for unknown and someone else's: nothing to learn about other kiosks' uploads.
    if (!session || session.deviceId !== device.deviceId) throw new DomainError('not_found', SERVER_MESSAGES.upload.notThisKiosks);
    const storage = c.var.deps.storage;
    if (!storage) throw new DomainError('unavailable', SERVER_MESSAGES.storage.notConfigured);
    return c.json(await storage.uploadStatus(uploadUrl, session.size));
  });
  return routes;
}

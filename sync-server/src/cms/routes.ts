// The three CMS uploads (super admin; ?staging=true writes the _STAGING key) and the media they
// produce, served at /media/:file with long cache headers (every upload gets a new name).
import { configKey, MESSAGES, type StagedConfigKey, SERVER_MESSAGES } from '@courtreplay/shared';
import { existsSync } from 'node:fs';
import { unlink } from 'node:fs/promises';
import { resolve, sep } from 'node:path';
import { Hono } from 'hono';
import type { AppEnv } from '../app.ts';
import { imageKind, isVideo, videoMimeType } from '../adapters/magic-bytes.ts';
import { requireSuperAdmin } from '../http/auth.ts';
import type { Db } from '../db/database.ts';
import { findConfigValue, upsertConfigEntries } from '../db/queries/config-entries.ts';
import { findKeyWithValue } from './queries.ts';
import { bodyStream } from '../storage/body-stream.ts';
import { sendFile } from '../storage/send-file.ts';
import { receiveMedia, type MediaRule } from './media-upload.ts';

const MB = 1024 * 1024;
const m = MESSAGES.cms;
export const MEDIA_PATH = '/media/';

const VIDEO_EXT: Record<string, string> = { 'video/mp4': 'mp4', 'video/quicktime': 'mov', 'video/webm': 'webm' };
const IMAGE_EXT: Record<string, string> = { jpeg: 'jpg', png: 'png', webp: 'webp' };

const RULES: Record<string, { key: StagedConfigKey; rule: MediaRule; done: string }> = {
  'upload-promo-video': {
    key: 'CMS_PROMO_VIDEO',
    done: 'Promo video uploaded successfully',
    rule: {
      field: 'video',
      prefix: 'promo-video',
      maxBytes: 100 * MB,
      detect: (head) => (isVideo(head) ? VIDEO_EXT[videoMimeType(head)] : undefined),
      messages: { invalid: m.invalidVideo, tooLarge: m.videoTooLarge, missing: m.noVideo, malformed: m.malformedUpload },
    },
  },
  'upload-bg-image': {
    key: 'CMS_BG_IMAGE',
    done: 'Background image uploaded successfully',
    rule: {
      field: 'image',
      prefix: 'background',
      maxBytes: 10 * MB,
      detect: (head) => IMAGE_EXT[imageKind(head) ?? ''],
      messages: { invalid: m.invalidImage, tooLarge: m.imageTooLarge, missing: m.noImage, malformed: m.malformedUpload },
    },
  },
  'upload-watermark': {
    key: 'CMS_WATERMARK',
    done: 'Watermark uploaded successfully',
    rule: {
      field: 'image',
      prefix: 'watermark',
      maxBytes: 5 * MB,
      detect: (head) => (imageKind(head) === 'png' ? 'png' : undefined),
      messages: { invalid: m.invalidWatermark, tooLarge: m.watermarkTooLarge, missing: m.noWatermark, malformed: m.malformedUpload },
    },
  },
};

const MEDIA_TYPES: Record<string, string> = {
  mp4: 'video/mp4',
  mov: 'video/quicktime',
  webm: 'video/webm',
  jpg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
};
const MEDIA_NAME = /^[a-z-]+-[a-z0-9]+-[a-f0-9]{12}\.(mp4|mov|webm|jpg|png|webp)$/;

export function mediaDir(dataDir: string): string {
  return resolve(dataDir, 'media');
}


/** The media file a config value names, when it is one of ours. */
function ownMediaFile(dir: string, value: string | undefined): string | undefined {
  const name = value?.startsWith(MEDIA_PATH) ? value.slice(MEDIA_PATH.length) : undefined;
  if (!name || !MEDIA_NAME.test(name)) return undefined;
  const path = resolve(dir, name);
  return path.startsWith(dir + sep) ? path : undefined;
}

/** Sets the key to the new media and removes the file it showed before, unless another key still shows it. */
async function pointKeyAt(db: Db, dir: string, key: string, name: string, now: Date): Promise<string> {
  const url = `${MEDIA_PATH}${name}`;
  const previous = await findConfigValue(db, key);
  await upsertConfigEntries(db, [{ key, value: url }], now.toISOString());
  const old = ownMediaFile(dir, previous);
  if (old && previous && previous !== url && !(await findKeyWithValue(db, previous))) await unlink(old).catch(() => undefined);
  return url;
}

export function cmsRoutes(): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();
  routes.post('/:upload', requireSuperAdmin, async (c) => {
    const entry = RULES[c.req.param('upload')];
    if (!entry) return c.json({ message: SERVER_MESSAGES.request.notFound }, 404);
    const { db, config, clock } = c.var.deps;
    const dir = mediaDir(config.dataDir);
    const key = configKey(entry.key, c.req.query('staging') === 'true');
    const name = await receiveMedia(dir, entry.rule, c.req.header('Content-Type'), c.req.header('Content-Length'), bodyStream(c));
    const url = await pointKeyAt(db, dir, key, name, clock.now());
    c.var.log.info({ key, url }, 'CMS media uploaded');
    return c.json({ message: entry.done, key, url });
  });
  return routes;
}

export function mediaRoutes(): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();
  routes.on(['GET', 'HEAD'], '/:file', async (c) => {
    const dir = mediaDir(c.var.deps.config.dataDir);
    const path = ownMediaFile(dir, `${MEDIA_PATH}${c.req.param('file')}`);
    if (!path || !existsSync(path)) return c.json({ message: SERVER_MESSAGES.request.notFound }, 404);
    const ext = path.split('.').pop()!;
    return sendFile(c, path, { contentType: MEDIA_TYPES[ext]!, cacheControl: 'public, max-age=31536000, immutable' });
  });
  return routes;
}

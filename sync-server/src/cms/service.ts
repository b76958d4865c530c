// The CMS media: each upload's rule (field, size, accepted kinds), the file streamed to
// DATA_DIR/media under a new name, its configuration key pointed at /media/<name>, and the file
// it showed before removed unless another key still shows it.
import { configKey, MESSAGES, type StagedConfigKey } from '@courtreplay/shared';
import { unlink } from 'node:fs/promises';
import { resolve, sep } from 'node:path';
import type { Readable } from 'node:stream';
import { imageKind, isVideo, videoMimeType } from '../adapters/magic-bytes.ts';
import type { Db } from '../db/database.ts';
import { findConfigValue, upsertConfigEntries } from '../config-entries/service.ts';
import { receiveMedia, type MediaRule } from './media-upload.ts';
import { deleteConfigEntry, findKeyWithValue } from './queries.ts';
import { notFound } from '../errors.ts';

const MB = 1024 * 1024;
const m = MESSAGES.cms;
export const MEDIA_PATH = '/media/';

const VIDEO_EXT: Record<string, string> = { 'video/mp4': 'mp4', 'video/quicktime': 'mov', 'video/webm': 'webm' };
const IMAGE_EXT: Record<string, string> = { jpeg: 'jpg', png: 'png', webp: 'webp' };

export type CmsUpload = 'uploadPromoVideo' | 'uploadPortraitPromoVideo' | 'uploadBackgroundImage' | 'uploadWatermark';

const videoRule = (prefix: string): MediaRule => ({
  field: 'video',
  prefix,
  maxBytes: 100 * MB,
  detect: (head) => (isVideo(head) ? VIDEO_EXT[videoMimeType(head)] : undefined),
  messages: { invalid: m.invalidVideo, tooLarge: m.videoTooLarge, missing: m.noVideo, malformed: m.malformedUpload },
});

export const RULES: Record<CmsUpload, { key: StagedConfigKey; rule: MediaRule; done: string }> = {
  uploadPromoVideo: {
    key: 'CMS_PROMO_VIDEO',
    done: 'Promo video uploaded successfully',
    rule: videoRule('promo-video'),
  },
  uploadPortraitPromoVideo: {
    key: 'CMS_PROMO_VIDEO_PORTRAIT',
    done: m.portraitUploaded,
    rule: videoRule('promo-portrait'),
  },
  uploadBackgroundImage: {
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
  uploadWatermark: {
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

export const MEDIA_TYPES: Record<string, string> = {
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
export function ownMediaFile(dir: string, value: string | undefined): string | undefined {
  const name = value?.startsWith(MEDIA_PATH) ? value.slice(MEDIA_PATH.length) : undefined;
  if (!name || !MEDIA_NAME.test(name)) return undefined;
  const path = resolve(dir, name);
  return path.startsWith(dir + sep) ? path : undefined;
}

/** Removes the file a key showed before, unless it is `kept` or another key still shows it. */
async function dropUnused(db: Db, dir: string, previous: string | undefined, kept?: string): Promise<void> {
  const old = ownMediaFile(dir, previous);
  if (old && previous && previous !== kept && !(await findKeyWithValue(db, previous))) await unlink(old).catch(() => undefined);
}

/** Sets the key to the new media and removes the file it showed before, unless another key still shows it. */
async function pointKeyAt(db: Db, dir: string, key: string, name: string, now: Date): Promise<string> {
  const url = `${MEDIA_PATH}${name}`;
  const previous = await findConfigValue(db, key);
  await upsertConfigEntries(db, [{ key, value: url }], now.toISOString());
  await dropUnused(db, dir, previous, url);
  return url;
}

export interface MediaRequest {
  contentType: string | undefined;
  contentLength: string | undefined;
  body: Readable | null;
}

/** Streams the file to the media folder and points the (staging) key at it. */
export async function storeMedia(
  deps: { db: Db; dataDir: string; now: () => Date },
  upload: CmsUpload,
  staging: boolean,
  request: MediaRequest,
): Promise<{ message: string; key: string; url: string }> {
  const entry = RULES[upload];
  const dir = mediaDir(deps.dataDir);
  const key = configKey(entry.key, staging);
  const name = await receiveMedia(dir, entry.rule, request.contentType, request.contentLength, request.body);
  const url = await pointKeyAt(deps.db, dir, key, name, deps.now());
  return { message: entry.done, key, url };
}

/** Clears the (staging) portrait promo video and removes its file; 404 when none is set. */
export async function removePortraitPromoVideo(
  deps: { db: Db; dataDir: string },
  staging: boolean,
): Promise<{ message: string; key: string }> {
  const key = configKey('CMS_PROMO_VIDEO_PORTRAIT', staging);
  const previous = await findConfigValue(deps.db, key);
  if (previous === undefined || !(await deleteConfigEntry(deps.db, key))) throw notFound(m.noPortraitVideo);
  await dropUnused(deps.db, mediaDir(deps.dataDir), previous);
  return { message: m.portraitRemoved, key };
}

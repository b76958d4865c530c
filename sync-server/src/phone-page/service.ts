// The phone page's data (issue 13 point 1): one purchase, found by its unguessable token, with the
// clips its folder holds. Only a paid or free purchase whose clips are still kept serves any clip.
import { KIOSK_MESSAGES, PHONE_TOKEN_PATTERN, type KioskLanguage } from '@courtreplay/shared';
import type { AppDeps } from '../app.ts';
import type { StoredClip } from '../adapters/ports.ts';

type Deps = Pick<AppDeps, 'db' | 'storage' | 'config'>;

export type PhoneStatus = 'ready' | 'uploading' | 'waiting' | 'not_paid' | 'removed' | 'erased';

export interface PhoneClip {
  n: number;
  title: string;
  size: number;
}

export interface PhonePurchase {
  venueName: string;
  courtName: string | null;
  createdAt: string;
  language: KioskLanguage;
  folderId: string | null;
  status: PhoneStatus;
  expected: number;
  clips: PhoneClip[];
  /** When the clips go (or went): paid (else created) + RETENTION_DAYS. */
  keptUntil: string;
  removedAt: string | null;
}

const isVideo = (clip: StoredClip) => clip.mimeType.startsWith('video/') || /\.(mp4|webm|mov|m4v)$/i.test(clip.name);

/** The purchase behind a token; undefined for one not well formed or unknown alike (one 404 for both). */
async function findByToken(deps: Deps, token: string) {
  if (!PHONE_TOKEN_PATTERN.test(token)) return undefined;
  return deps.db
    .selectFrom('purchases')
    .leftJoin('venues', 'venues.id', 'purchases.venueId')
    .leftJoin('fields', 'fields.id', 'purchases.fieldId')
    .select([
      'purchases.paymentStatus',
      'purchases.paymentReversal',
      'purchases.folderId',
      'purchases.videoTitles',
      'purchases.videoCount',
      'purchases.createdAt',
      'purchases.paidAt',
      'purchases.clipsExpiredAt',
      'purchases.erasedAt',
      'purchases.language',
      'venues.name as venueName',
      'venues.language as venueLanguage',
      'fields.name as courtName',
    ])
    .where('purchases.phoneToken', '=', token)
    .executeTakeFirst();
}

/** The purchase and its clips, in the order the player chose them; undefined: no such page. */
export async function phonePurchase(deps: Deps, token: string): Promise<(PhonePurchase & { files: StoredClip[] }) | undefined> {
  const row = await findByToken(deps, token);
  if (!row) return undefined;
  const language = row.language ?? row.venueLanguage ?? 'en';
  const keptUntil = new Date(Date.parse(row.paidAt ?? row.createdAt) + deps.config.retentionDays * 86_400_000).toISOString();
  const base = {
    venueName: row.venueName ?? '',
    courtName: row.courtName,
    createdAt: row.createdAt,
    language,
    folderId: row.folderId,
    expected: row.videoCount,
    keptUntil,
    removedAt: row.erasedAt ?? row.clipsExpiredAt,
  };
  const sold = (row.paymentStatus === 'paid' && row.paymentReversal === null) || row.paymentStatus === 'free';
  const closed = (status: PhoneStatus) => ({ ...base, status, clips: [], files: [] });
  if (row.erasedAt) return closed('erased');
  if (row.clipsExpiredAt) return closed('removed');
  if (row.paymentStatus === 'pending') return closed('waiting');
  if (!sold) return closed('not_paid');

  const files = row.folderId && deps.storage ? (await deps.storage.listFiles(row.folderId)).filter(isVideo) : [];
  const titles = JSON.parse(row.videoTitles) as string[];
  const names = KIOSK_MESSAGES[language].phone;
  const clips = files.map((file, i) => ({
    n: i + 1,
    // The kiosk uploads the clips in the order the player chose them, so the n-th file is the n-th title.
    title: titles[i] || names.clip(i + 1),
    size: file.size,
  }));
  return { ...base, status: clips.length >= row.videoCount ? 'ready' : 'uploading', clips, files };
}

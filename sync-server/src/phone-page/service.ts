// The phone page's data: one purchase, found by its unguessable token, with the
// clips its folder holds. Only a paid or free purchase whose clips are still kept serves any clip.
import { KIOSK_MESSAGES, PHONE_TOKEN_PATTERN, type KioskLanguage } from '@courtreplay/shared';
import type { AppDeps } from '../app-env.ts';
import type { StoredClip } from '../adapters/ports.ts';
import { chosenClips, pairFiles, titleOf } from '../storage/clip-pairing.ts';
import { clipFilesOf } from '../storage/service.ts';
import { clipCourtNames } from '../purchases/service.ts';
import { findPhonePagePurchase } from './queries.ts';
import { clipsOnTheirWay } from '../phone-store/progress.ts';

type Deps = Pick<AppDeps, 'db' | 'storage' | 'config' | 'clock'>;

export type PhoneStatus = 'ready' | 'uploading' | 'waiting' | 'not_paid' | 'removed' | 'erased';

export interface PhoneClip {
  /** The chosen clip's position (1-based); past the chosen clips for an upload that matches none. */
  n: number;
  title: string;
  size: number;
}

/** A clip with the stored file it is. */
export interface PhoneFile extends PhoneClip {
  file: StoredClip;
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
  /** Bought on a phone: its store's page (/c/{courtCode}) and what each clip still on its way is doing. */
  store: { url: string | null; waiting: string[]; hasContact: boolean } | null;
}

const isVideo = (clip: StoredClip) => clip.mimeType.startsWith('video/') || /\.(mp4|webm|mov|m4v)$/i.test(clip.name);

/** The purchase behind a token; undefined for one not well formed or unknown alike (one 404 for both). */
async function findByToken(deps: Deps, token: string) {
  if (!PHONE_TOKEN_PATTERN.test(token)) return undefined;
  return findPhonePagePurchase(deps.db, token);
}

/** The purchase and its clips, in the order the player chose them; undefined: no such page. */
export async function phonePurchase(deps: Deps, token: string): Promise<(PhonePurchase & { id: string; files: PhoneFile[] }) | undefined> {
  const row = await findByToken(deps, token);
  if (!row) return undefined;
  const language = row.language ?? row.venueLanguage ?? 'en';
  const keptUntil = new Date(Date.parse(row.paidAt ?? row.createdAt) + deps.config.retentionDays * 86_400_000).toISOString();
  const base = {
    id: row.id,
    venueName: row.venueName ?? '',
    courtName: clipCourtNames(row),
    createdAt: row.createdAt,
    language,
    folderId: row.folderId,
    expected: row.videoCount,
    keptUntil,
    removedAt: row.erasedAt ?? row.clipsExpiredAt,
    store:
      row.channel === 'phone'
        ? { url: row.courtCode ? `/c/${row.courtCode}` : null, waiting: [] as string[], hasContact: Boolean(row.email || row.phone) }
        : null,
  };
  const sold = (row.paymentStatus === 'paid' && row.paymentReversal === null) || row.paymentStatus === 'free';
  const closed = (status: PhoneStatus) => ({ ...base, status, clips: [], files: [] as PhoneFile[] });
  if (row.erasedAt) return closed('erased');
  if (row.paymentStatus === 'pending') return closed('waiting');
  // Before 'removed': the uploads of a purchase that ended unpaid are removed too, but it was never sold.
  if (!sold) return closed('not_paid');
  if (row.clipsExpiredAt) return closed('removed');

  const stored = row.folderId && deps.storage ? (await deps.storage.listFiles(row.folderId)).filter(isVideo) : [];
  const recorded = row.folderId ? await clipFilesOf(deps.db, row.folderId) : new Map<string, number | null>();
  const names = KIOSK_MESSAGES[language].phone;
  // Each file under its own clip's title, as recorded when its upload URL was issued (or by name).
  const files = pairFiles(stored, chosenClips(row.videoIds, row.videoTitles), recorded).map((paired) => ({
    n: paired.n,
    title: titleOf(paired, names.clip),
    size: paired.file.size,
    file: paired.file,
  }));
  const clips = files.map(({ n, title, size }) => ({ n, title, size }));
  const status = clips.length >= row.videoCount ? 'ready' : 'uploading';
  // A phone's clips come from the venue's recorder: each one still on its way says how far it is.
  const store = base.store && status === 'uploading' ? { ...base.store, waiting: await clipsOnTheirWay(deps, row, language) } : base.store;
  return { ...base, store, status, clips, files };
}

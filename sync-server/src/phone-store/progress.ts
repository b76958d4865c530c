// What a phone purchase's page says of each clip not yet in its folder: on its way from the venue
// (with the bytes sent), or waiting for the venue to come back online. The page plays each clip
// as soon as it is copied in (stock.ts).
import { formatSize, KIOSK_MESSAGES, type KioskLanguage } from '@courtreplay/shared';
import type { AppDeps } from '../app-env.ts';
import { markClipsOf } from '../mark-clips/service.ts';
import { venueRecorderState } from '../recorders/marks.ts';
import { purchaseMarksOf } from './queries.ts';

export async function clipsOnTheirWay(
  deps: Pick<AppDeps, 'db' | 'clock'>,
  purchase: { id: string; venueId: number },
  language: KioskLanguage,
): Promise<string[]> {
  const waiting = (await purchaseMarksOf(deps.db, purchase.id)).filter((m) => m.copiedAt === null);
  if (waiting.length === 0) return [];
  const T = KIOSK_MESSAGES[language].store;
  const clips = await markClipsOf(
    deps.db,
    waiting.map((m) => m.markId),
  );
  const { online } = await venueRecorderState(deps.db, purchase.venueId, deps.clock.now());
  return waiting.map((mark) => {
    const clip = clips.find((c) => c.markId === mark.markId);
    const n = mark.clipIndex + 1;
    if (online && clip?.bytesTotal) return T.clipOnItsWay(n, formatSize(clip.bytesSent), formatSize(clip.bytesTotal));
    return T.clipWaitingForVenue(n);
  });
}

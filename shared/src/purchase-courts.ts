// A purchase's place is the courts its clips were filmed on, not the kiosk that sold it
// (docs/back-office.md, Courts): the label every screen, export and message shows, and each clip's
// share of the amount for the export's clip sheet.
import type { PurchaseCourt } from './api/purchases.ts';

/** What to call a court without a name: clips of no known court, or a court deleted since. */
export interface CourtWords {
  noCourt: string;
  unknownCourt: string;
}

export const courtNameOf = (court: Pick<PurchaseCourt, 'fieldId' | 'fieldName'>, words: CourtWords): string =>
  court.fieldName ?? (court.fieldId === null ? words.noCourt : words.unknownCourt);

/** "Court 1, Court 2": the clips' courts; '' when the purchase has none recorded. */
export const courtLabel = (courts: readonly Pick<PurchaseCourt, 'fieldId' | 'fieldName'>[], words: CourtWords): string =>
  courts.map((court) => courtNameOf(court, words)).join(', ');

/**
 * Each clip's court id, for a purchase that recorded only its courts' clip counts: the clips in
 * order, each court's count in turn (exact whenever the purchase has one court).
 */
export function clipCourtIdsFromCounts(courts: readonly Pick<PurchaseCourt, 'fieldId' | 'clips'>[], videoCount: number): (number | null)[] {
  const ids: (number | null)[] = [];
  for (const court of courts) for (let i = 0; i < court.clips && ids.length < videoCount; i++) ids.push(court.fieldId);
  while (ids.length < videoCount) ids.push(courts.at(-1)?.fieldId ?? null);
  return ids;
}

/**
 * Each clip's part of the amount, in whole rupiah: its court's part shared evenly between that
 * court's clips, the rupiah left by rounding down going one each to its first clips. The parts add
 * up to the total exactly (also when the courts do not account for it: then the total is shared
 * evenly between all clips).
 */
export function clipShares(p: {
  courts: readonly PurchaseCourt[];
  videoCourts: readonly (number | null)[];
  totalAmount: number;
}): number[] {
  const split = (amount: number, n: number) =>
    Array.from({ length: n }, (_, i) => Math.floor(amount / n) + (i < amount - Math.floor(amount / n) * n ? 1 : 0));
  const n = p.videoCourts.length;
  if (n === 0) return [];
  const consistent =
    p.courts.reduce((sum, court) => sum + court.amount, 0) === p.totalAmount &&
    p.courts.every((court) => p.videoCourts.filter((id) => id === court.fieldId).length === court.clips) &&
    p.courts.reduce((sum, court) => sum + court.clips, 0) === n;
  if (!consistent) return split(p.totalAmount, n);
  const shares: number[] = new Array<number>(n).fill(0);
  for (const court of p.courts) {
    const parts = split(court.amount, court.clips);
    let next = 0;
    p.videoCourts.forEach((id, i) => {
      if (id === court.fieldId) shares[i] = parts[next++]!;
    });
  }
  return shares;
}

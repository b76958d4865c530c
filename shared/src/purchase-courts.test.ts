import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { clipCourtIdsFromCounts, clipShares, courtLabel } from './purchase-courts.ts';

const words = { noCourt: 'No court', unknownCourt: 'Unknown court' };

describe("a purchase's courts", () => {
  it('are named by its clips, several joined, a missing name said plainly', () => {
    expect(courtLabel([{ fieldId: 2, fieldName: 'Court 2' }], words)).toBe('Court 2');
    expect(
      courtLabel(
        [
          { fieldId: 1, fieldName: 'Court 1' },
          { fieldId: 2, fieldName: 'Court 2' },
        ],
        words,
      ),
    ).toBe('Court 1, Court 2');
    expect(
      courtLabel(
        [
          { fieldId: null, fieldName: null },
          { fieldId: 9, fieldName: null },
        ],
        words,
      ),
    ).toBe('No court, Unknown court');
  });

  it('give each clip its court from the counts when only those were recorded', () => {
    expect(clipCourtIdsFromCounts([{ fieldId: 2, clips: 3 }], 3)).toEqual([2, 2, 2]);
    expect(
      clipCourtIdsFromCounts(
        [
          { fieldId: 1, clips: 1 },
          { fieldId: 2, clips: 2 },
        ],
        3,
      ),
    ).toEqual([1, 2, 2]);
  });

  it("share the amount per clip: each court's part split between its clips, adding up to the rupiah", () => {
    const courts = [
      { fieldId: 1, fieldName: 'Court 1', clips: 1, amount: 8_334 },
      { fieldId: 2, fieldName: 'Court 2', clips: 2, amount: 16_667 },
    ];
    expect(clipShares({ courts, videoCourts: [2, 1, 2], totalAmount: 25_001 })).toEqual([8_334, 8_334, 8_333]);
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 10_000_000 }),
        fc.array(fc.constantFrom(1, 2, null), { minLength: 1, maxLength: 10 }),
        (total, ids) => {
          // Court parts as the server makes them: any split adding up to the total.
          const present = [...new Set(ids)];
          const amounts = present.map((_, i) => (i === present.length - 1 ? 0 : Math.floor(total / present.length)));
          amounts[amounts.length - 1] = total - amounts.reduce((s, a) => s + a, 0);
          const c = present.map((fieldId, i) => ({
            fieldId,
            fieldName: null,
            clips: ids.filter((id) => id === fieldId).length,
            amount: amounts[i]!,
          }));
          const shares = clipShares({ courts: c, videoCourts: ids, totalAmount: total });
          expect(shares.reduce((s, a) => s + a, 0)).toBe(total);
          expect(shares.every((a) => Number.isInteger(a) && a >= 0)).toBe(true);
          // Inconsistent courts still add up.
          expect(clipShares({ courts: [], videoCourts: ids, totalAmount: total }).reduce((s, a) => s + a, 0)).toBe(total);
        },
      ),
    );
  });
});

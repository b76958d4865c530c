// The cart (spec section 4): tapping a card toggles it; a 7th is refused.
import { MAX_VIDEOS_PER_PURCHASE } from '@courtreplay/shared';

export function toggleInCart(
  selected: readonly string[],
  id: string,
  max = MAX_VIDEOS_PER_PURCHASE,
): { selected: string[]; refused: boolean } {
  if (selected.includes(id)) return { selected: selected.filter((s) => s !== id), refused: false };
  if (selected.length >= max) return { selected: [...selected], refused: true };
  return { selected: [...selected, id], refused: false };
}

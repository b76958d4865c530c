// A new configuration may reach the kiosk while a player reads the order form.
// Their total then follows the server's prices (the only total Pay Now can pay), but never silently:
// the form says the prices changed until the player pays with the new total in front of them.
import { useCallback, useState } from 'react';

/**
 * `prices` stands for what the configuration makes of this selection before any promo (the
 * subtotal, and whether it is free); null while no configuration is known. True once it differs
 * from what the player was first shown (or last paid with); `acknowledge` on Pay Now.
 */
export function usePricesChanged(prices: string | null): { changed: boolean; acknowledge: () => void } {
  const [seen, setSeen] = useState<string | null>(prices);
  // The first prices known are what the player was shown (React's "adjust state while rendering").
  if (seen === null && prices !== null) setSeen(prices);
  const acknowledge = useCallback(() => setSeen(prices), [prices]);
  return { changed: seen !== null && prices !== null && prices !== seen, acknowledge };
}

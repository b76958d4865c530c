// A payment form closed (or never opened) leaves the purchase pending on the server, holding its
// promo use until the expiry sweep: the kiosk ends it at once so the next Pay Now can use the code.
import { call } from '../../lib/api-client.ts';

/** Best effort: a failure only means the server's expiry sweep ends the purchase later. */
export async function abandonPurchase(transactionId: string): Promise<void> {
  await call('abandonPurchase', { params: { id: transactionId } }).catch(() => undefined);
}

// The phone page's single clips (inline with Range, or as a download) streamed with small buffers,
// as its ZIP is (zip-stream.ts): a reader that stalls holds a few chunks, not the clip.

/** How many clips of one purchase may stream at once (per instance); more are answered 429. */
export const MAX_CLIP_STREAMS_PER_PURCHASE = 12;

/**
 * What a clip reads from storage at a time, and so what its answer's stream queues before it waits
 * for the reader: small, so a stalled reader holds about two chunks (local storage's own default,
 * 1 MiB, made 200 stalled readers hold about 400 MB).
 */
export const CLIP_CHUNK_BYTES = 32 * 1024;

/**
 * Counts what streams per purchase, in this instance: `take` answers a release function, or
 * undefined when the purchase already streams `limit` at once.
 */
export function perPurchaseLimit(limit: number) {
  const running = new Map<string, number>();
  return {
    take(purchaseId: string): (() => void) | undefined {
      const now = running.get(purchaseId) ?? 0;
      if (now >= limit) return undefined;
      running.set(purchaseId, now + 1);
      let released = false;
      return () => {
        if (released) return;
        released = true;
        const left = (running.get(purchaseId) ?? 1) - 1;
        if (left > 0) running.set(purchaseId, left);
        else running.delete(purchaseId);
      };
    },
  };
}

// What the status chip shows: online or not, and how many purchases and clips wait to be sent.
// Read live from the outbox, so it changes the moment an entry is queued, sent or uploaded.
import { liveQuery } from 'dexie';
import { db } from '../lib/db.ts';
import { isFreePurchase } from '../outbox/send-purchase.ts';

export interface WaitingWork {
  purchases: number;
  clips: number;
  /** Purchases the server refused, waiting for an operator. */
  parked: number;
}

export async function countWaiting(): Promise<WaitingWork> {
  const queued = await db.outbox.where('state').equals('queued').toArray();
  // Only free purchases wait for the network; a paid one that never arrived is not a sale.
  const purchases = queued.filter(isFreePurchase).length;
  const parked = await db.outbox.where('state').equals('parked').count();
  const jobs = await db.uploads.where('state').anyOf('pending', 'uploading').toArray();
  const clips = jobs.reduce((n, j) => n + j.clips.filter((c) => c.state === 'pending').length, 0);
  return { purchases, clips, parked };
}

/** Calls `listener` with the counts now and after every change to the outbox; returns the unsubscribe. */
export function subscribeWaiting(listener: (work: WaitingWork) => void): () => void {
  const sub = liveQuery(countWaiting).subscribe({ next: listener, error: () => undefined });
  return () => sub.unsubscribe();
}

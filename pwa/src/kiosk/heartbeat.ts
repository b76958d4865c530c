// The kiosk's heartbeat: every 30 s while a kiosk screen is open it tells the
// server its app version, since when it has been online, its outbox depth, the newest clip in its
// folder, its browser storage and the screen it shows. The Devices tab turns that into online or
// offline and warnings. Loaded lazily by the kiosk shell (it reads the outbox through Dexie).
import type { DeviceHeartbeatRequest } from '@courtreplay/shared';
import { call } from '../lib/api-client.ts';
import { ensureDeviceId } from '../lib/device-identity.ts';
import { countWaiting } from '../offline/offline-status.ts';
import { clipStore } from './clip-store.ts';

export const HEARTBEAT_INTERVAL_MS = 30_000;

export const APP_VERSION = typeof __APP_VERSION__ === 'string' ? __APP_VERSION__ : 'dev';

/** '/box/video-selection' -> 'selection'; the home screen and anything unknown by name. */
export function screenOf(pathname: string): string {
  const last = pathname.split('/').filter(Boolean).pop() ?? '';
  if (last === 'box' || last === 'staging' || last === '') return 'home';
  if (last === 'video-selection') return 'selection';
  return /^[a-z][a-z-]{0,29}$/.test(last) ? last : 'other';
}

/** The newest clip's recording time in the loaded folder; null before a folder is read. */
export function newestClipAt(clips: readonly { createdAt: number }[]): string | null {
  const newest = clips.reduce((max, clip) => Math.max(max, clip.createdAt || 0), 0);
  return newest > 0 ? new Date(newest).toISOString() : null;
}

async function storageEstimate(): Promise<DeviceHeartbeatRequest['storage']> {
  try {
    const estimate = await navigator.storage?.estimate?.();
    if (!estimate?.quota) return null;
    return { usage: Math.round(estimate.usage ?? 0), quota: Math.round(estimate.quota) };
  } catch {
    return null;
  }
}

let onlineSince = new Date();
let started = false;

export async function heartbeatBody(): Promise<DeviceHeartbeatRequest> {
  const waiting = await countWaiting().catch(() => ({ purchases: 0, clips: 0 }));
  return {
    appVersion: APP_VERSION,
    onlineSince: onlineSince.toISOString(),
    queue: { purchases: waiting.purchases, clips: waiting.clips },
    lastClipAt: newestClipAt(clipStore.get().clips),
    storage: await storageEstimate(),
    screen: screenOf(location.pathname),
  };
}

async function beat(): Promise<void> {
  if (!navigator.onLine) return;
  try {
    const deviceId = await ensureDeviceId();
    await call('deviceHeartbeat', { params: { deviceId }, body: await heartbeatBody() });
  } catch {
    // A missed beat is what the Devices tab is for: the next one, 30 s later, tries again.
  }
}

export function startHeartbeat(): void {
  if (started) return;
  started = true;
  window.addEventListener('online', () => {
    onlineSince = new Date();
    void beat();
  });
  void beat();
  setInterval(() => void beat(), HEARTBEAT_INTERVAL_MS);
}

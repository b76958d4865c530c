// The kiosk's status chip (docs/contributing.md, Offline-first): online or offline, and how many purchases and clips
// wait to be sent. Small and out of the way in a corner; it never covers a button.
import { useEffect, useState } from 'react';
import { useMessages } from '../i18n/language.ts';
import { useOnline } from './network.ts';
import type { WaitingWork } from './offline-status.ts';
import './offline.css';

/** The outbox counts, read live; the reading code (Dexie) is loaded after the first screen. */
function useWaitingWork(): WaitingWork {
  const [work, setWork] = useState<WaitingWork>({ purchases: 0, clips: 0, parked: 0 });
  useEffect(() => {
    let unsubscribe: (() => void) | null = null;
    let cancelled = false;
    void import('./offline-status.ts').then((m) => {
      if (!cancelled) unsubscribe = m.subscribeWaiting(setWork);
    });
    return () => {
      cancelled = true;
      unsubscribe?.();
    };
  }, []);
  return work;
}

export function StatusChip() {
  const M = useMessages().offline;
  const online = useOnline();
  const { purchases, clips } = useWaitingWork();
  const waiting = [purchases > 0 ? M.purchasesWaiting(purchases) : null, clips > 0 ? M.clipsWaiting(clips) : null].filter(Boolean);
  return (
    <div
      ref={publishChipSize}
      className={`status-chip ${online ? 'is-online' : 'is-offline'}`}
      role="status"
      aria-live="polite"
      data-testid="status-chip"
      data-online={online}
      data-purchases={purchases}
      data-clips={clips}
    >
      <span className="status-dot" aria-hidden="true" />
      <span className="status-label">{online ? M.online : M.offline}</span>
      {waiting.length > 0 ? <span className="status-waiting">{waiting.join(' · ')}</span> : null}
    </div>
  );
}

/** Publishes the chip's size as --status-chip-w/-h, so the selection screen's bottom bar keeps its corner free. */
function publishChipSize(chip: HTMLElement | null) {
  if (!chip) return;
  const root = document.documentElement.style;
  const update = () => {
    root.setProperty('--status-chip-w', `${chip.offsetWidth}px`);
    root.setProperty('--status-chip-h', `${chip.offsetHeight}px`);
  };
  update();
  const observer = new ResizeObserver(update);
  observer.observe(chip);
  return () => observer.disconnect();
}

import { useEffect, useRef } from 'react';
import { useMessages } from '../i18n/language.ts';
import type { Clip } from './clip-store.ts';
import { Logo } from './Logo.tsx';

/**
 * The modal player, always with a watermark over the video (spec section 2): the CMS one, or the
 * product mark until a venue uploads its own. Closing gives the focus back to what opened it.
 */
export function PlayerModal({ clip, watermark, onClose }: { clip: Clip; watermark: string | null; onClose: () => void }) {
  const closeRef = useRef<HTMLButtonElement>(null);
  const m = useMessages();
  useEffect(() => {
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    closeRef.current?.focus();
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') onClose();
    };
    window.addEventListener('keydown', onKey);
    return () => {
      window.removeEventListener('keydown', onKey);
      if (opener?.isConnected) opener.focus();
    };
  }, [onClose]);
  return (
    <div className="modal-backdrop" role="dialog" aria-modal="true" aria-label={clip.title} onClick={onClose} data-testid="player-modal">
      <div className="modal-player" onClick={(e) => e.stopPropagation()}>
        <div className="player-frame">
          <video src={clip.url} autoPlay controls playsInline controlsList="nodownload" disablePictureInPicture />
          {watermark ? (
            <img className="player-watermark" src={watermark} alt="" data-testid="player-watermark" />
          ) : (
            <div className="player-watermark player-watermark-default" aria-hidden="true" data-testid="player-watermark">
              <Logo size="sm" />
            </div>
          )}
        </div>
        <div className="modal-footer">
          <span className="modal-title">{clip.title}</span>
          <button ref={closeRef} type="button" className="btn btn-secondary" onClick={onClose}>
            {m.selection.closePlayer}
          </button>
        </div>
      </div>
    </div>
  );
}

import { useEffect, useRef } from 'react';
import type { Clip } from './clip-store.ts';

/** The modal player, with the CMS watermark over the video. */
export function PlayerModal({ clip, watermark, onClose }: { clip: Clip; watermark: string | null; onClose: () => void }) {
  const closeRef = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    closeRef.current?.focus();
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') onClose();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [onClose]);
  return (
    <div className="modal-backdrop" role="dialog" aria-modal="true" aria-label={clip.title} onClick={onClose} data-testid="player-modal">
      <div className="modal-player" onClick={(e) => e.stopPropagation()}>
        <div className="player-frame">
          <video src={clip.url} autoPlay controls playsInline controlsList="nodownload" disablePictureInPicture />
          {watermark ? <img className="player-watermark" src={watermark} alt="" data-testid="player-watermark" /> : null}
        </div>
        <div className="modal-footer">
          <span className="modal-title">{clip.title}</span>
          <button ref={closeRef} type="button" className="btn btn-secondary" onClick={onClose}>
            Close
          </button>
        </div>
      </div>
    </div>
  );
}

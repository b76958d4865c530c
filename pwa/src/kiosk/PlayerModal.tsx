import { useEffect, useRef, useState } from 'react';
import { useMessages } from '../i18n/language.ts';
import type { Clip } from './clip-store.ts';
import { Logo } from './Logo.tsx';
import './PlayerModal.css';

/**
 * The modal player, always with a watermark over the video (spec section 2): the CMS one, or the
 * product mark until a venue uploads its own. Closing gives the focus back to what opened it.
 * Full screen is the frame holding the video and the watermark together, never
 * the bare video: the video's own full-screen and picture-in-picture are switched off, and should
 * a browser still put the bare video in full screen, the frame takes its place. Select (or Remove)
 * puts the clip in the cart (or takes it out) without closing the preview.
 */
export function PlayerModal({
  clip,
  watermark,
  onClose,
  onPlayingChange,
  selected,
  onToggle,
}: {
  clip: Clip;
  watermark: string | null;
  onClose: () => void;
  /** Whether the clip is in the cart: the preview's Select / Remove toggles it. */
  selected: boolean;
  onToggle: () => void;
  /** Told whether the preview is playing: the inactivity rule counts playing as activity. */
  onPlayingChange?: (playing: boolean) => void;
}) {
  const closeRef = useRef<HTMLButtonElement>(null);
  const m = useMessages();
  const frameRef = useRef<HTMLDivElement>(null);
  const [fullScreen, setFullScreen] = useState(false);
  const playing = useRef(onPlayingChange);
  useEffect(() => {
    playing.current = onPlayingChange;
  }, [onPlayingChange]);

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

  useEffect(() => {
    const frame = frameRef.current;
    const onChange = () => {
      const element = document.fullscreenElement;
      if (element instanceof HTMLVideoElement && frame?.contains(element)) {
        void document
          .exitFullscreen()
          .then(() => frame.requestFullscreen())
          .catch(() => undefined);
      }
      setFullScreen(element !== null && element === frame);
    };
    document.addEventListener('fullscreenchange', onChange);
    return () => {
      document.removeEventListener('fullscreenchange', onChange);
      if (document.fullscreenElement && frame?.contains(document.fullscreenElement)) void document.exitFullscreen().catch(() => undefined);
      playing.current?.(false);
    };
  }, []);

  const toggleFullScreen = () => {
    if (document.fullscreenElement) void document.exitFullscreen().catch(() => undefined);
    else void frameRef.current?.requestFullscreen().catch(() => undefined);
  };

  return (
    <div className="modal-backdrop" role="dialog" aria-modal="true" aria-label={clip.title} onClick={onClose} data-testid="player-modal">
      <div className="modal-player" onClick={(e) => e.stopPropagation()}>
        <div ref={frameRef} className="player-frame" data-testid="player-frame">
          <video
            src={clip.url}
            autoPlay
            controls
            playsInline
            controlsList="nodownload nofullscreen noremoteplayback"
            disablePictureInPicture
            onDoubleClick={(e) => e.preventDefault()}
            onPlaying={() => playing.current?.(true)}
            onPause={() => playing.current?.(false)}
            onEnded={() => playing.current?.(false)}
          />
          {watermark ? (
            <img className="player-watermark" src={watermark} alt="" data-testid="player-watermark" />
          ) : (
            <div className="player-watermark player-watermark-default" aria-hidden="true" data-testid="player-watermark">
              <Logo size="sm" />
            </div>
          )}
          <button type="button" className="btn btn-secondary player-fullscreen" onClick={toggleFullScreen}>
            {fullScreen ? m.player.exitFullScreen : m.player.fullScreen}
          </button>
        </div>
        <div className="modal-footer">
          <span className="modal-title">{clip.title}</span>
          <button
            type="button"
            className={`btn ${selected ? 'btn-secondary' : 'btn-primary'}`}
            aria-pressed={selected}
            onClick={onToggle}
            data-testid="player-select"
          >
            {selected ? m.player.remove : m.player.select}
          </button>
          <button ref={closeRef} type="button" className="btn btn-secondary" onClick={onClose}>
            {m.selection.closePlayer}
          </button>
        </div>
      </div>
    </div>
  );
}

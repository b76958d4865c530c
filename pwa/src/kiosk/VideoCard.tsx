import { memo } from 'react';
import { useMessages } from '../i18n/language.ts';
import type { Clip } from './clip-store.ts';
import { formatDuration, formatRecordedAt } from './format.ts';

interface Props {
  clip: Clip;
  selected: boolean;
  onToggle: (id: string) => void;
  onPlay: (clip: Clip) => void;
}

/** A grid card: fixed 9:16 thumbnail box (no layout shift), title, time, duration, play and tick. */
export const VideoCard = memo(function VideoCard({ clip, selected, onToggle, onPlay }: Props) {
  const M = useMessages().selection;
  return (
    <li className={`video-card${selected ? ' is-selected' : ''}`} data-testid="video-card" data-video-id={clip.id}>
      <button type="button" className="video-card-select" aria-pressed={selected} onClick={() => onToggle(clip.id)}>
        <span className="video-thumb">
          {clip.thumbnailUrl ? (
            <img src={clip.thumbnailUrl} alt="" data-testid="video-thumbnail" />
          ) : (
            <span className="video-thumb-placeholder" aria-hidden="true" />
          )}
          <span className="video-duration" data-testid="video-duration">
            {formatDuration(clip.duration)}
          </span>
          <span className="video-tick" aria-hidden="true">
            <svg viewBox="0 0 24 24">
              <path
                d="M5 12.5l4.5 4.5L19 7.5"
                fill="none"
                stroke="currentColor"
                strokeWidth="3"
                strokeLinecap="round"
                strokeLinejoin="round"
              />
            </svg>
          </span>
        </span>
        <span className="video-meta">
          {/* Named by its visible text, the action first (axe: label-content-name-mismatch). */}
          <span className="visually-hidden">{selected ? M.deselect : M.select} </span>
          <span className="video-title" data-testid="video-title">
            {clip.title}
          </span>
          <span className="video-time">{formatRecordedAt(clip.createdAt)}</span>
        </span>
      </button>
      <button type="button" className="video-play" aria-label={M.playClip(clip.title)} onClick={() => onPlay(clip)}>
        <svg viewBox="0 0 24 24" aria-hidden="true">
          <path d="M8 5v14l11-7z" fill="currentColor" />
        </svg>
      </button>
    </li>
  );
});

import { memo } from 'react';
import { useMessages } from '../i18n/language.ts';
import type { Clip } from './clip-store.ts';
import { formatClipTime, formatDuration } from './format.ts';
import './VideoCard.css';

interface Props {
  clip: Clip;
  selected: boolean;
  /** The card's price tag ('Rp 9.000', or '+Rp 5.000' / 'saves Rp 5.000' on a card not ticked yet); null shows none. */
  price: string | null;
  onToggle: (id: string) => void;
  onPlay: (clip: Clip) => void;
  /** It landed in the folder while the grid was open, moments ago. */
  isNew?: boolean;
  /** The court it was filmed on, shown where clips of several courts sit together (Marked moments). */
  court?: string;
}

/**
 * A grid card: a fixed 16:9 thumbnail frame (no layout shift; a portrait clip sits whole in its
 * middle), the recorded time large, the title on up to two lines, duration, price, play and tick.
 * A clip the browser cannot decode says so and can be neither ticked nor played.
 */
export const VideoCard = memo(function VideoCard({ clip, selected, price, onToggle, onPlay, isNew = false, court }: Props) {
  const messages = useMessages();
  const M = messages.selection;
  const time = formatClipTime(clip.fileName, clip.createdAt);
  const classes = `video-card${selected ? ' is-selected' : ''}${clip.undecodable ? ' is-undecodable' : ''}`;
  return (
    <li className={classes} data-testid="video-card" data-video-id={clip.id}>
      <button
        type="button"
        className="video-card-select"
        aria-pressed={selected}
        disabled={clip.undecodable}
        onClick={() => onToggle(clip.id)}
      >
        <span className="video-thumb">
          {clip.undecodable ? (
            <span className="video-undecodable" data-testid="video-undecodable">
              {M.cannotPlay}
            </span>
          ) : clip.thumbnailUrl ? (
            <img src={clip.thumbnailUrl} alt="" data-testid="video-thumbnail" />
          ) : (
            <span className="video-thumb-placeholder" aria-hidden="true" />
          )}
          {clip.undecodable ? null : (
            <span className="video-duration" data-testid="video-duration">
              {formatDuration(clip.duration)}
            </span>
          )}
          {isNew ? (
            <span className="video-new" data-testid="video-new">
              {messages.courts.newBadge}
            </span>
          ) : null}
          {price === null || clip.undecodable ? null : (
            <span className="video-price" data-testid="video-price">
              {price}
            </span>
          )}
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
          <span className="video-time" data-testid="video-time">
            {time}
          </span>
          {/* Named by its visible text, the action before the title (axe: label-content-name-mismatch). */}
          <span className="visually-hidden">{selected ? M.deselect : M.select} </span>
          <span className="video-title" data-testid="video-title">
            {clip.title}
          </span>
          {court === undefined ? null : (
            <span className="video-court" data-testid="video-court">
              {court}
            </span>
          )}
        </span>
      </button>
      {clip.undecodable ? null : (
        <button type="button" className="video-play" aria-label={M.playClip(clip.title)} onClick={() => onPlay(clip)}>
          <svg viewBox="0 0 24 24" aria-hidden="true">
            <path d="M8 5v14l11-7z" fill="currentColor" />
          </svg>
        </button>
      )}
    </li>
  );
});

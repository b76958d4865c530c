// A staff control that only acts after being held (pointer, or Enter/Space held
// down), with a filling bar as progress. It acts on release, not at the end of the hold: the release
// is the user gesture a browser asks for before it opens the folder picker on a touch screen.
import { useEffect, useRef, useState, type CSSProperties, type KeyboardEvent, type ReactNode } from 'react';
import { STAFF_LONG_PRESS_MS } from '@courtreplay/shared';
import { useMessages } from '../i18n/language.ts';
import './LongPressButton.css';

type HoldState = 'idle' | 'holding' | 'ready' | 'hint';

export function LongPressButton({
  children,
  onLongPress,
  holdMs = STAFF_LONG_PRESS_MS,
  className = '',
}: {
  children: ReactNode;
  onLongPress: () => void;
  holdMs?: number;
  className?: string;
}) {
  const G = useMessages().guards;
  const [state, setState] = useState<HoldState>('idle');
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const start = () => {
    clearTimeout(timer.current);
    setState('holding');
    timer.current = setTimeout(() => setState('ready'), holdMs);
  };
  const release = () => {
    clearTimeout(timer.current);
    if (state === 'ready') {
      setState('idle');
      onLongPress();
    } else if (state === 'holding') {
      // A short tap: say how to use it, then fade back.
      setState('hint');
      timer.current = setTimeout(() => setState('idle'), holdMs);
    }
  };
  const abandon = () => {
    clearTimeout(timer.current);
    if (state === 'holding' || state === 'ready') setState('idle');
  };
  const isHoldKey = (e: KeyboardEvent) => e.key === 'Enter' || e.key === ' ';

  // The hint sits outside the button, so showing it never moves the button from under a finger.
  return (
    <span className="long-press-wrap">
      <button
        type="button"
        className={`btn long-press ${className}`}
        data-state={state}
        aria-description={G.holdForStaff}
        style={{ '--hold-ms': `${holdMs}ms` } as CSSProperties}
        onPointerDown={(e) => {
          if (e.button === 0) start();
        }}
        onPointerUp={release}
        onPointerLeave={abandon}
        onPointerCancel={abandon}
        onContextMenu={(e) => e.preventDefault()}
        onKeyDown={(e) => {
          if (!isHoldKey(e)) return;
          e.preventDefault();
          if (!e.repeat && state !== 'holding' && state !== 'ready') start();
        }}
        onKeyUp={(e) => {
          if (!isHoldKey(e)) return;
          e.preventDefault();
          release();
        }}
        onBlur={abandon}
      >
        <span className="long-press-label">{children}</span>
        <span className="long-press-bar" aria-hidden="true" />
      </button>
      {state === 'hint' ? (
        <span className="long-press-hint" role="status">
          {G.holdForStaff}
        </span>
      ) : null}
    </span>
  );
}

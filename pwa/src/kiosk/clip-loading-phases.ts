// The selection screen's phases and every way out of each, in one table: clip-loading.ts moves
// between phases only through `nextPhase`, so this table is the whole flow a reader has to follow
// (the data each phase carries, such as the page or the folder message, lives beside it).

/**
 * away: the screen is not shown; checking: today's stored folder is being looked for (a plain
 * screen, so nothing flashes); folder: the folder panel; picking: the picker is open from the folder
 * panel; repicking: the staff's picker is open over the grid; loading: the loading screen; grid: the
 * clips, the empty state or the folder's message.
 */
export type Phase = 'away' | 'checking' | 'folder' | 'picking' | 'repicking' | 'loading' | 'grid';

/**
 * enter: the screen is shown with no clips kept; resume / resumeLoading: it is shown again with the
 * clips kept from before (checkout and back), read or still being read; restored / noFolder: the
 * look for today's folder found one or none; browse: Browse Videos or the staff's re-pick; picked /
 * pickFailed: the picker gave a folder, or was cancelled or refused; shown: the folder was read and
 * the loading screen's minimum time is over; failed: the folder could not be read; timedOut: the
 * loading screen's safety limit ran out; leave: the screen went away.
 */
export type PhaseEvent =
  | 'enter'
  | 'resume'
  | 'resumeLoading'
  | 'restored'
  | 'noFolder'
  | 'browse'
  | 'picked'
  | 'pickFailed'
  | 'shown'
  | 'failed'
  | 'timedOut'
  | 'leave';

/** Each phase and the events that leave it; an event a phase does not list is ignored there. */
export const PHASES = {
  away: { enter: 'checking', resume: 'grid', resumeLoading: 'loading' },
  checking: { restored: 'loading', noFolder: 'folder', leave: 'away' },
  folder: { browse: 'picking', leave: 'away' },
  picking: { picked: 'loading', pickFailed: 'folder', leave: 'away' },
  repicking: { picked: 'loading', pickFailed: 'grid', leave: 'away' },
  loading: { shown: 'grid', failed: 'grid', timedOut: 'grid', leave: 'away' },
  grid: { browse: 'repicking', leave: 'away' },
} as const satisfies Record<Phase, Partial<Record<PhaseEvent, Phase>>>;

/** The phase `event` leads to from `phase`, or null when that phase ignores it. */
export function nextPhase(phase: Phase, event: PhaseEvent): Phase | null {
  const exits: Partial<Record<PhaseEvent, Phase>> = PHASES[phase];
  return exits[event] ?? null;
}

/** The screen each phase shows (an away screen is drawn as checking when it comes back). */
export const SCREEN_OF = {
  away: 'checking',
  checking: 'checking',
  folder: 'folder',
  picking: 'folder',
  repicking: 'grid',
  loading: 'loading',
  grid: 'grid',
} as const satisfies Record<Phase, 'checking' | 'folder' | 'loading' | 'grid'>;

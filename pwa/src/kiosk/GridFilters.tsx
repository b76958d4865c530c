// Above the grid: the court chips (the kiosk's own court first, then the others,
// then "All") and the time jumps ("Last 15 min", "Last hour", then each hour of today with clips).
import { useMessages } from '../i18n/language.ts';
import { ALL_COURTS, timeJumpKey, ANY_TIME, type ClipCourt, type GridChoice, type TimeJump } from './grid-filter.ts';
import { formatRecordedTime } from './format.ts';
import './GridFilters.css';

interface Props {
  chips: ClipCourt[];
  jumps: TimeJump[];
  choice: GridChoice;
  onChoose: (choice: GridChoice) => void;
}

export function GridFilters({ chips, jumps, choice, onChoose }: Props) {
  const T = useMessages().courts;
  const chosenTime = timeJumpKey(choice.time);
  const timeLabel = (jump: TimeJump) =>
    jump.kind === 'any' ? T.anyTime : jump.kind === 'last' ? (jump.minutes === 15 ? T.last15 : T.lastHour) : formatRecordedTime(jump.start);
  const chip = (key: string, label: string, pressed: boolean, onClick: () => void) => (
    <button key={key} type="button" className={`chip${pressed ? ' is-chosen' : ''}`} aria-pressed={pressed} onClick={onClick}>
      {label}
    </button>
  );
  return (
    <div className="grid-filters">
      {/* One court and no subfolders: nothing to choose between. */}
      {chips.length > 1 ? (
        <div className="chip-row" role="group" aria-label={T.chips} data-testid="court-chips">
          {chips.map((c) => chip(c.key, c.label ?? T.ownCourt, choice.court === c.key, () => onChoose({ ...choice, court: c.key })))}
          {chip(ALL_COURTS, T.all, choice.court === ALL_COURTS, () => onChoose({ ...choice, court: ALL_COURTS }))}
        </div>
      ) : null}
      <div className="chip-row" role="group" aria-label={T.timeJump} data-testid="time-jumps">
        {[ANY_TIME, ...jumps].map((jump) => {
          const key = timeJumpKey(jump);
          return chip(key, timeLabel(jump), chosenTime === key, () => onChoose({ ...choice, time: jump }));
        })}
      </div>
    </div>
  );
}

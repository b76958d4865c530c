// The selection screen's top bar: the logo, the staff's folder re-pick (a long press, behind the
// staff PIN when the venue has one) and Home, which asks first when the cart holds clips.
import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useMessages } from '../i18n/language.ts';
import { ConfirmDialog } from './ConfirmDialog.tsx';
import { LongPressButton } from './LongPressButton.tsx';
import { Logo } from './Logo.tsx';
import { StaffPinDialog } from './StaffPinDialog.tsx';
import { staffPinQuery } from './staff-pin.ts';

interface Props {
  /** The re-pick shows once clips are listed, or when staff must allow today's folder again. */
  showAdmin: boolean;
  /** How many clips are in the cart. */
  count: number;
  onRepick: () => void;
  onHome: () => void;
}

export function SelectionTopBar({ showAdmin, count, onRepick, onHome }: Props) {
  const m = useMessages();
  const F = m.folder;
  const G = m.guards;
  const [asking, setAsking] = useState<'home' | 'staffPin' | null>(null);
  const staffPin = useQuery(staffPinQuery());
  return (
    <>
      <header className="topbar">
        <Logo size="sm" />
        <div className="topbar-actions">
          {showAdmin ? (
            <LongPressButton
              className="btn-ghost"
              // Unknown (offline, say) counts as required: the PIN pad then says it cannot check.
              onLongPress={() => (staffPin.data?.required === false ? onRepick() : setAsking('staffPin'))}
            >
              {F.admin}
            </LongPressButton>
          ) : null}
          <button type="button" className="btn btn-secondary" onClick={() => (count > 0 ? setAsking('home') : onHome())}>
            {F.home}
          </button>
        </div>
      </header>
      {asking === 'home' ? (
        <ConfirmDialog
          title={G.leaveWithCartTitle}
          text={G.leaveWithCartText(count)}
          confirmLabel={G.leaveConfirm}
          cancelLabel={G.keepShopping}
          onConfirm={onHome}
          onCancel={() => setAsking(null)}
          testId="confirm-leave"
        />
      ) : null}
      {asking === 'staffPin' ? (
        <StaffPinDialog
          onUnlocked={() => {
            setAsking(null);
            onRepick();
          }}
          onCancel={() => setAsking(null)}
        />
      ) : null}
    </>
  );
}

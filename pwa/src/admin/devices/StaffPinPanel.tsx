// An admin sets or removes the staff PIN of their venue (a super admin: of any
// venue). The PIN is sent once and kept by the server only as a hash; this panel shows whether one is set.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { STAFF_PIN_MESSAGES, STAFF_PIN_PATTERN, type Venue } from '@courtreplay/shared';
import { call } from '../../lib/api-client.ts';
import { withFallback } from '../common/errors.ts';
import { failure, Notice, success, type NoticeValue } from '../common/Notice.tsx';
import { QueryState } from '../common/QueryState.tsx';
import type { AdminUser } from '../session/session.ts';
import { useAdminMessages } from '../i18n/admin-language.ts';
import { VenueChoice } from '../common/VenueChoice.tsx';

const staffPinsQuery = { queryKey: ['staff-pins'] as const, queryFn: () => call('listStaffPins', {}) };

export function StaffPinPanel({ venues, user }: { venues: Venue[]; user: AdminUser }) {
  const MESSAGES = useAdminMessages();
  const T = MESSAGES.staffPin;
  const queryClient = useQueryClient();
  const pins = useQuery(staffPinsQuery);
  const [venueId, setVenueId] = useState(user.role === 'admin' && user.venueId ? String(user.venueId) : '');
  const [pin, setPin] = useState('');
  const [notice, setNotice] = useState<NoticeValue>(null);
  const save = useMutation({
    mutationFn: withFallback(T.saveFailed, (input: { venueId: number; pin: string | null }) => call('setStaffPin', { body: input })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: staffPinsQuery.queryKey }),
  });
  const isSet = !!venueId && !!pins.data?.venues.some((v) => v.venueId === Number(venueId));

  const send = (value: string | null) => {
    if (!venueId) return setNotice(failure(MESSAGES.devices.venueRequired));
    if (value !== null && !STAFF_PIN_PATTERN.test(value)) return setNotice(failure(STAFF_PIN_MESSAGES.invalid));
    save.mutate(
      { venueId: Number(venueId), pin: value },
      {
        onSuccess: (answer) => {
          setPin('');
          setNotice(success(answer.message));
        },
        onError: (err) => setNotice(failure(err.message)),
      },
    );
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    send(pin);
  };

  return (
    <div className="panel">
      <h2>{T.title}</h2>
      <p>{T.help}</p>
      <form className="inline-form" onSubmit={submit} noValidate aria-label={T.title}>
        <VenueChoice label={T.venue} name="staff-pin-venue" venues={venues} value={venueId} onChange={setVenueId} />
        <label className="field">
          <span>{T.pin}</span>
          <input
            name="staff-pin"
            type="password"
            inputMode="numeric"
            autoComplete="off"
            maxLength={8}
            value={pin}
            onChange={(e) => setPin(e.target.value.replace(/\D/g, ''))}
          />
        </label>
        <button type="submit" className="btn btn-primary" disabled={save.isPending}>
          {T.save}
        </button>
        {isSet ? (
          <button type="button" className="btn" disabled={save.isPending} onClick={() => send(null)}>
            {T.remove}
          </button>
        ) : null}
      </form>
      {venueId ? <p data-testid="staff-pin-state">{isSet ? T.isSet : T.notSet}</p> : null}
      <QueryState isPending={false} error={pins.error} fallback={T.loadFailed} />
      <Notice notice={notice} />
    </div>
  );
}

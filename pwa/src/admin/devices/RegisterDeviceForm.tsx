import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { DEVICE_MESSAGES, validateDeviceRegistration, type Venue } from '@courtreplay/shared';
import { failure, Notice, success, type NoticeValue } from '../common/Notice.tsx';
import { QueryState } from '../common/QueryState.tsx';
import type { AdminUser } from '../session/session.ts';
import { venueQueries } from '../venues/queries.ts';
import { useRegisterDeviceMutation } from './mutations.ts';
import { useAdminMessages } from '../i18n/admin-language.ts';
import { VenueChoice } from '../common/VenueChoice.tsx';

/** Registers this browser (the kiosk the admin is sitting at) with a venue and, optionally, a court. */
export function RegisterDeviceForm({ deviceId, venues, user }: { deviceId: string | undefined; venues: Venue[]; user: AdminUser }) {
  const MESSAGES = useAdminMessages();
  const T = MESSAGES.devices;
  const S = MESSAGES.adminScreens.devices;
  const register = useRegisterDeviceMutation();
  const [venueId, setVenueId] = useState(user.role === 'admin' && user.venueId ? String(user.venueId) : '');
  const [fieldId, setFieldId] = useState('');
  const [notice, setNotice] = useState<NoticeValue>(null);
  const fields = useQuery({ ...venueQueries.fields(Number(venueId)), enabled: !!venueId });

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const problem = validateDeviceRegistration(venueId);
    if (problem) return setNotice(failure(problem));
    if (!deviceId) return setNotice(failure(T.getIdFailed));
    register.mutate(
      { deviceId, venueId: Number(venueId), fieldId: fieldId ? Number(fieldId) : null },
      {
        onSuccess: () => setNotice(success(DEVICE_MESSAGES.registered)),
        onError: (err) => setNotice(failure(err.message)),
      },
    );
  };

  return (
    <form className="inline-form" onSubmit={submit} noValidate aria-label={S.registerThisDevice}>
      <VenueChoice
        label={S.venueRequired}
        name="venue"
        venues={venues}
        value={venueId}
        onChange={(id) => {
          setVenueId(id);
          setFieldId('');
        }}
      />
      <label className="field">
        <span>{S.court}</span>
        <select name="field" value={fieldId} onChange={(e) => setFieldId(e.target.value)} disabled={!venueId}>
          <option value="">{S.noCourt}</option>
          {fields.data?.map((f) => (
            <option key={f.id} value={f.id}>
              {f.name}
            </option>
          ))}
        </select>
      </label>
      <button type="submit" className="btn btn-primary" disabled={register.isPending}>
        {S.register}
      </button>
      <QueryState isPending={false} error={fields.error} fallback={T.fieldsLoadFailed} />
      <Notice notice={notice} />
    </form>
  );
}

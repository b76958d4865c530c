import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { type DeviceListItem } from '@courtreplay/shared';
import { ConfirmButton } from '../common/ConfirmButton.tsx';
import { formatDateTime } from '../common/format.ts';
import { failure, Notice, success, type NoticeValue } from '../common/Notice.tsx';
import { QueryState } from '../common/QueryState.tsx';
import type { AdminUser } from '../session/session.ts';
import { venueQueries } from '../venues/queries.ts';
import { useAuthorizeDeviceMutation, useDeleteDeviceMutation, useDeviceStagingMutation, useResetDeviceIdMutation } from './mutations.ts';
import { deviceQueries } from './queries.ts';
import { RegisterDeviceForm } from './RegisterDeviceForm.tsx';
import { DeviceHealth, DeviceName } from './DeviceHealth.tsx';
import { StaffPinPanel } from './StaffPinPanel.tsx';
import { RecordersPanel } from './RecordersPanel.tsx';
import { useAdminMessages } from '../i18n/admin-language.ts';
import './DevicesTab.css';

/** Super admins only: the server answers 403 to anyone else, so the button is not shown to them. */
function StagingToggle({ device, setNotice }: { device: DeviceListItem; setNotice: (n: NoticeValue) => void }) {
  const T = useAdminMessages().devices;
  const staging = useDeviceStagingMutation();
  return (
    <button
      type="button"
      className="btn btn-sm"
      disabled={staging.isPending}
      onClick={() =>
        staging.mutate(
          { deviceId: device.deviceId, staging: !device.staging },
          { onSuccess: (answer) => setNotice(success(answer.message)), onError: (err) => setNotice(failure(err.message)) },
        )
      }
    >
      {device.staging ? T.makeLiveDevice : T.makeTestDevice}
    </button>
  );
}

function DeviceRow({
  device,
  current,
  superAdmin,
  setNotice,
}: {
  device: DeviceListItem;
  current: boolean;
  superAdmin: boolean;
  setNotice: (n: NoticeValue) => void;
}) {
  const T = useAdminMessages().devices;
  const authorize = useAuthorizeDeviceMutation();
  const remove = useDeleteDeviceMutation();
  const onError = (err: Error) => setNotice(failure(err.message));
  // A message answers the last action: one that succeeds clears an earlier failure's.
  const onSuccess = () => setNotice(null);
  return (
    <tr data-device-id={device.deviceId} className={current ? 'current-row' : undefined}>
      <td>{device.id}</td>
      <td className="device-id">
        {/* Long ids are cut to the cell with an ellipsis; the whole id shows on hover and is still the cell's text. */}
        <span className="mono" title={device.deviceId}>
          {device.deviceId}
        </span>{' '}
        {current && <span className="badge badge-info">{T.currentDevice}</span>}
      </td>
      <td>{device.venueName ?? ''}</td>
      <td>{device.fieldName ?? ''}</td>
      <td>
        <span className={device.isAuthorized ? 'badge badge-success' : 'badge badge-muted'}>
          {device.isAuthorized ? T.authorized : T.unauthorized}
        </span>
      </td>
      <td data-testid="test-device">{device.staging ? T.yes : T.no}</td>
      <td>
        <DeviceName device={device} setNotice={setNotice} />
      </td>
      <td>
        <DeviceHealth device={device} />
      </td>
      <td>{formatDateTime(device.createdAt)}</td>
      <td className="row-actions">
        <button
          type="button"
          className="btn btn-sm"
          disabled={authorize.isPending}
          onClick={() => authorize.mutate({ deviceId: device.deviceId, isAuthorized: !device.isAuthorized }, { onSuccess, onError })}
        >
          {device.isAuthorized ? T.deauthorize : T.authorize}
        </button>
        {superAdmin && <StagingToggle device={device} setNotice={setNotice} />}
        <ConfirmButton label={T.delete} onConfirm={() => remove.mutate(device.deviceId, { onSuccess, onError })} />
      </td>
    </tr>
  );
}

export function DevicesTab({ user }: { user: AdminUser }) {
  const MESSAGES = useAdminMessages();
  const T = MESSAGES.devices;
  const S = MESSAGES.adminScreens.devices;
  const current = useQuery(deviceQueries.current());
  const devices = useQuery(deviceQueries.list());
  const venues = useQuery(venueQueries.list());
  const reset = useResetDeviceIdMutation();
  const [venueFilter, setVenueFilter] = useState('');
  const [notice, setNotice] = useState<NoticeValue>(null);
  const shown = devices.data?.filter((d) => !venueFilter || String(d.venueId) === venueFilter) ?? [];
  const deviceId = current.data?.deviceId;

  return (
    <div className="stack">
      <div className="panel">
        <h2>{S.thisDevice}</h2>
        <p>
          {S.currentDeviceId}{' '}
          <code className="mono" data-testid="current-device-id">
            {deviceId ?? '...'}
          </code>
        </p>
        <QueryState isPending={false} error={current.error} fallback={T.getIdFailed} />
        {current.data && !current.data.matchesFingerprint && (
          <div className="notice notice-warning" role="alert">
            <p>{T.idMismatch}</p>
            <button
              type="button"
              className="btn"
              disabled={reset.isPending}
              onClick={() => reset.mutate(undefined, { onError: (err) => setNotice(failure(err.message)) })}
            >
              {T.resetAndSync}
            </button>
          </div>
        )}
        <RegisterDeviceForm deviceId={deviceId} venues={venues.data ?? []} user={user} />
      </div>
      <StaffPinPanel venues={venues.data ?? []} user={user} />
      <RecordersPanel venues={venues.data ?? []} user={user} />
      <div className="panel">
        <div className="panel-header">
          <h2>{S.title}</h2>
          <label className="field field-inline">
            <span>{MESSAGES.adminScreens.venue}</span>
            <select aria-label={S.filterByVenue} value={venueFilter} onChange={(e) => setVenueFilter(e.target.value)}>
              <option value="">{T.allVenues}</option>
              {venues.data?.map((v) => (
                <option key={v.id} value={v.id}>
                  {v.name}
                </option>
              ))}
            </select>
          </label>
        </div>
        <Notice notice={notice} />
        <QueryState isPending={devices.isPending} error={devices.error} fallback={T.loadFailed} />
        {devices.isSuccess && shown.length === 0 && <p className="empty">{T.empty}</p>}
        {shown.length > 0 && (
          <div className="table-wrap">
            <table className="devices-table" aria-label={S.title}>
              <thead>
                <tr>
                  {T.columns.map((c) => (
                    <th key={c}>{c}</th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {shown.map((device) => (
                  <DeviceRow
                    key={device.id}
                    device={device}
                    current={device.deviceId === deviceId}
                    superAdmin={user.role === 'superadmin'}
                    setNotice={setNotice}
                  />
                ))}
              </tbody>
            </table>
          </div>
        )}
      </div>
    </div>
  );
}

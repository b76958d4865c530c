// A kiosk's health in the Devices tab: online or offline by its heartbeat, when it
// was last seen, its version, what waits in its outbox, and what may be wrong. The server judges
// online/offline by its own clock; this only shows it.
import { useState } from 'react';
import { type DeviceListItem } from '@courtreplay/shared';
import { formatDateTime } from '../common/format.ts';
import { failure, type NoticeValue } from '../common/Notice.tsx';
import { useNameDeviceMutation } from './mutations.ts';
import { useAdminMessages } from '../i18n/admin-language.ts';
import './DeviceHealth.css';

export function DeviceHealth({ device }: { device: DeviceListItem }) {
  const T = useAdminMessages().devices;
  return (
    <div className="device-health" data-testid="device-health" data-online={device.online}>
      <span className={device.online ? 'badge badge-success' : 'badge badge-muted'}>{device.online ? T.online : T.offline}</span>
      <small>
        {device.lastSeenAt ? T.lastSeen(formatDateTime(device.lastSeenAt)) : T.neverSeen}
        {device.online && device.onlineSince ? `, ${T.onlineSince(formatDateTime(device.onlineSince))}` : ''}
      </small>
      {device.appVersion ? <small>{T.version(device.appVersion)}</small> : null}
      {device.queue ? <small data-testid="device-queue">{T.queue(device.queue.purchases, device.queue.clips)}</small> : null}
      {device.online && device.screen ? <small>{T.screen(device.screen)}</small> : null}
      {device.warnings.map((w) => (
        <span key={w} className="badge badge-status-pending device-warning" data-warning={w}>
          {T.warnings[w]}
        </span>
      ))}
    </div>
  );
}

/** The kiosk's friendly name, edited in place; saved on Enter or the button. */
export function DeviceName({ device, setNotice }: { device: DeviceListItem; setNotice: (n: NoticeValue) => void }) {
  const T = useAdminMessages().devices;
  const [name, setName] = useState(device.name ?? '');
  const save = useNameDeviceMutation();
  const changed = name.trim() !== (device.name ?? '');
  const submit = () =>
    save.mutate(
      { deviceId: device.deviceId, name: name.trim() },
      { onSuccess: () => setNotice(null), onError: (err) => setNotice(failure(err.message)) },
    );
  return (
    <form
      className="device-name"
      onSubmit={(e) => {
        e.preventDefault();
        if (changed) submit();
      }}
    >
      <input
        aria-label={T.nameLabel(device.deviceId)}
        placeholder={T.namePlaceholder}
        maxLength={60}
        value={name}
        onChange={(e) => setName(e.target.value)}
      />
      {changed ? (
        <button type="submit" className="btn btn-sm" disabled={save.isPending}>
          {T.saveName}
        </button>
      ) : null}
    </form>
  );
}

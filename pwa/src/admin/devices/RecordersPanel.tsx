// The venue's recorders in the Devices tab: Add recorder shows the new token once, inside the exact
// commands that download and start the recorder on its PC (RecorderSetup); the list shows each
// camera's state as the server judges it (red when offline, refusing the password, failing to write
// its clips or refused by the recorder, with the recorder's reason beside it) and Remove revokes the
// token at once.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { RECORDER_MESSAGES, type Recorder, type Venue } from '@courtreplay/shared';
import { call } from '../../lib/api-client.ts';
import { ConfirmButton } from '../common/ConfirmButton.tsx';
import { withFallback } from '../common/errors.ts';
import { formatDateTime } from '../common/format.ts';
import { failure, Notice, success, type NoticeValue } from '../common/Notice.tsx';
import { QueryState } from '../common/QueryState.tsx';
import type { AdminUser } from '../session/session.ts';
import { useAdminMessages, useAdminTranslate } from '../i18n/admin-language.ts';
import { VenueChoice } from '../common/VenueChoice.tsx';
import { RecorderSetup } from './RecorderSetup.tsx';

const recordersQuery = {
  queryKey: ['recorders'] as const,
  queryFn: () => call('listRecorders', {}),
  // Recorders report every 10 s: the states follow without a reload.
  refetchInterval: 10_000,
  refetchIntervalInBackground: true,
};

const BADGE: Record<Recorder['cameras'][number]['state'], string> = {
  recording: 'badge badge-success',
  reconnecting: 'badge badge-status-pending',
  offline: 'badge badge-status-failed',
  unauthorized: 'badge badge-status-failed',
  'no-camera': 'badge badge-muted',
  'clips-failing': 'badge badge-status-failed',
  'refused-url': 'badge badge-status-failed',
};

function RecorderRow({
  recorder,
  venues,
  courts,
  onRemove,
}: {
  recorder: Recorder;
  venues: Venue[];
  courts: Map<number, string>;
  onRemove: () => void;
}) {
  const T = useAdminMessages().recorders;
  return (
    <tr data-recorder={recorder.name}>
      <td>{recorder.name}</td>
      <td>{venues.find((v) => v.id === recorder.venueId)?.name ?? recorder.venueId}</td>
      <td>{recorder.lastSeenAt ? formatDateTime(recorder.lastSeenAt) : T.neverSeen}</td>
      <td>
        {recorder.cameras.length === 0 ? <small>{T.noCameras}</small> : null}
        {recorder.cameras.map((camera) => (
          <div key={camera.fieldId} data-testid="camera-state" data-state={camera.state}>
            <span className={BADGE[camera.state]}>
              {T.cameraState(courts.get(camera.fieldId) ?? String(camera.fieldId), T.states[camera.state])}
            </span>{' '}
            {camera.state !== 'recording' && camera.since ? <small>{T.since(formatDateTime(camera.since))}</small> : null}
            <CameraReasonText camera={camera} />
          </div>
        ))}
      </td>
      <td className="row-actions">
        <ConfirmButton label={T.remove} question={T.confirmRemove(recorder.name)} onConfirm={onRemove} />
      </td>
    </tr>
  );
}

/** Why a camera does not record, in the admin's language, with ffmpeg's (or the recorder's) words after it. */
function CameraReasonText({ camera }: { camera: Recorder['cameras'][number] }) {
  const T = useAdminMessages().recorders;
  const translate = useAdminTranslate();
  const what = camera.reason ? T.reasons[camera.reason].what : '';
  // ffmpeg's words in brackets after the reason, as they came.
  const detail = camera.detail ? (what ? `(${translate(camera.detail)})` : translate(camera.detail)) : '';
  const text = [what, detail].filter(Boolean).join(' ');
  return text ? <small> {text}</small> : null;
}

export function RecordersPanel({ venues, user }: { venues: Venue[]; user: AdminUser }) {
  const MESSAGES = useAdminMessages();
  const T = MESSAGES.recorders;
  const queryClient = useQueryClient();
  const recorders = useQuery(recordersQuery);
  const [adding, setAdding] = useState(false);
  const [chosenVenue, setVenueId] = useState(user.role === 'admin' && user.venueId ? String(user.venueId) : '');
  // The only venue there is needs no choosing (the list may arrive after the first render).
  const venueId = chosenVenue || (venues.length === 1 ? String(venues[0]!.id) : '');
  const [name, setName] = useState('');
  const [token, setToken] = useState<string | null>(null);
  const [notice, setNotice] = useState<NoticeValue>(null);
  const venueIds = [...new Set(recorders.data?.recorders.map((r) => r.venueId) ?? [])];
  const courts = useQuery({
    queryKey: ['recorders', 'courts', venueIds] as const,
    queryFn: async () => (await Promise.all(venueIds.map((id) => call('listFields', { params: { venueId: id } })))).flat(),
    enabled: venueIds.length > 0,
  });
  const courtNames = new Map((courts.data ?? []).map((c) => [c.id, c.name]));
  const create = useMutation({
    mutationFn: withFallback(T.createFailed, (input: { venueId: number; name: string }) => call('createRecorder', { body: input })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: recordersQuery.queryKey }),
  });
  // Handled here, not in the row: the row is gone from the refreshed list by the time the answer is shown.
  const remove = useMutation({
    mutationFn: withFallback(T.removeFailed, (id: number) => call('deleteRecorder', { params: { id } })),
    onSuccess: async (answer: { message: string }) => {
      setNotice(success(answer.message));
      await queryClient.invalidateQueries({ queryKey: recordersQuery.queryKey });
    },
    onError: (err) => setNotice(failure(err.message)),
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!venueId) return setNotice(failure(MESSAGES.devices.venueRequired));
    if (!name.trim()) return setNotice(failure(RECORDER_MESSAGES.nameRequired));
    create.mutate(
      { venueId: Number(venueId), name: name.trim() },
      {
        onSuccess: (answer) => {
          setToken(answer.token);
          setAdding(false);
          setName('');
          setNotice(null);
        },
        onError: (err) => setNotice(failure(err.message)),
      },
    );
  };

  return (
    <div className="panel" aria-label={T.title} role="region">
      <div className="panel-header">
        <h2>{T.title}</h2>
        {!adding && (
          <button type="button" className="btn btn-primary" onClick={() => setAdding(true)}>
            {T.addRecorder}
          </button>
        )}
      </div>
      <p>{T.help}</p>
      {adding && (
        <form className="inline-form" onSubmit={submit} noValidate aria-label={T.addRecorder}>
          <VenueChoice label={T.venue} name="recorder-venue" venues={venues} value={venueId} onChange={setVenueId} />
          <label className="field">
            <span>{T.name}</span>
            <input name="recorder-name" value={name} placeholder={T.namePlaceholder} onChange={(e) => setName(e.target.value)} />
          </label>
          <button type="submit" className="btn btn-primary" disabled={create.isPending}>
            {T.create}
          </button>
          <button type="button" className="btn" onClick={() => setAdding(false)}>
            {T.cancel}
          </button>
        </form>
      )}
      {token ? (
        <div className="notice notice-warning" data-testid="recorder-token">
          <p>{T.tokenOnce}</p>
          {/* The address this page was opened at: the recorder's PC must reach the server there too. */}
          <RecorderSetup serverUrl={window.location.origin} token={token} />
          <button type="button" className="btn" onClick={() => setToken(null)}>
            {T.done}
          </button>
        </div>
      ) : null}
      <Notice notice={notice} />
      <QueryState isPending={recorders.isPending} error={recorders.error} fallback={T.loadFailed} />
      {recorders.data?.recorders.length === 0 && <p className="empty">{T.empty}</p>}
      {!!recorders.data?.recorders.length && (
        <div className="table-wrap">
          <table aria-label={T.title}>
            <thead>
              <tr>
                {T.columns.map((c) => (
                  <th key={c}>{c}</th>
                ))}
              </tr>
            </thead>
            <tbody>
              {recorders.data.recorders.map((recorder) => (
                <RecorderRow
                  key={recorder.id}
                  recorder={recorder}
                  venues={venues}
                  courts={courtNames}
                  onRemove={() => remove.mutate(recorder.id)}
                />
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}

// A court's IP camera in the Venues tab: its address as the server shows it (password ****), and a
// form to set, change or remove it with the common address formats and the camera settings that
// make marked clips start on time. The password is write-only: changing it means typing it again.
import { useState, type FormEvent } from 'react';
import { CAMERA_URL_EXAMPLE, CAMERA_URL_HINTS, cameraUrlProblem, type FieldListItem } from '@courtreplay/shared';
import { failure, success, type NoticeValue } from '../common/Notice.tsx';
import { useSetCameraMutation } from './mutations.ts';
import { useAdminMessages } from '../i18n/admin-language.ts';

export function CourtCamera({ field, setNotice }: { field: FieldListItem; setNotice: (n: NoticeValue) => void }) {
  const T = useAdminMessages().recorders;
  const save = useSetCameraMutation();
  const [editing, setEditing] = useState(false);
  const [url, setUrl] = useState('');
  const send = (value: string | null) =>
    save.mutate(
      { id: field.id, url: value },
      {
        onSuccess: (answer) => {
          setNotice(success(answer.message));
          setEditing(false);
          setUrl('');
        },
        onError: (err) => setNotice(failure(err.message)),
      },
    );
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const value = url.trim();
    const problem = cameraUrlProblem(value);
    if (problem) return setNotice(failure(problem));
    send(value);
  };

  if (!editing)
    return (
      <div className="court-camera" data-testid="court-camera">
        <span className="mono">{field.camera?.url ?? T.noCamera}</span>{' '}
        <button type="button" className="btn btn-sm" onClick={() => setEditing(true)}>
          {field.camera ? T.changeCamera : T.setCamera}
        </button>
      </div>
    );
  return (
    <form className="court-camera" onSubmit={submit} noValidate aria-label={T.cameraLabel(field.name)}>
      <label className="field">
        <span>{T.cameraLabel(field.name)}</span>
        <input
          name="camera-url"
          value={url}
          placeholder={CAMERA_URL_EXAMPLE}
          autoComplete="off"
          spellCheck={false}
          onChange={(e) => setUrl(e.target.value)}
          autoFocus
        />
      </label>
      <small>{T.cameraHints}</small>
      <ul className="camera-hints">
        {CAMERA_URL_HINTS.map((hint) => (
          <li key={hint.brand}>
            {hint.brand}: <code>{hint.path}</code>
          </li>
        ))}
      </ul>
      <small>{T.keyframeNote}</small>
      {field.camera ? <small>{T.passwordNote}</small> : null}
      <div className="row-actions">
        <button type="submit" className="btn btn-primary btn-sm" disabled={save.isPending}>
          {T.saveCamera}
        </button>
        {field.camera ? (
          <button type="button" className="btn btn-sm" disabled={save.isPending} onClick={() => send(null)}>
            {T.removeCamera}
          </button>
        ) : null}
        <button type="button" className="btn btn-sm" onClick={() => setEditing(false)}>
          {T.cancel}
        </button>
      </div>
    </form>
  );
}

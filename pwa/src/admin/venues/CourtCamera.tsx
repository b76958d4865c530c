// A court's IP camera in the Venues tab: its address as the server shows it (password ****), and a
// form to set, change or remove it with the common address formats and the camera settings that
// make marked clips start on time. The address, user name and password are asked apart, so the
// password is hidden while typed (with a toggle to check it); the server stores them as one URL.
// The password is write-only: changing it means typing it again. The optional sub-stream (the
// camera's second, small stream, for the phone's previews) is the same camera: it takes the same
// user name and password, and is stored and masked the same way.
import { useState, type FormEvent } from 'react';
import { CAMERA_SUB_STREAM_HINTS, CAMERA_URL_EXAMPLE, CAMERA_URL_HINTS, cameraUrlProblem, type FieldListItem } from '@courtreplay/shared';
import { failure, success, type NoticeValue } from '../common/Notice.tsx';
import { useSetCameraMutation } from './mutations.ts';
import { useAdminMessages, useAdminTranslate } from '../i18n/admin-language.ts';
import { joinCameraUrl, splitCameraUrl, type CameraParts } from './camera-address.ts';
import './CourtCamera.css';

const EMPTY: CameraParts & { subAddress: string } = { address: '', user: '', password: '', subAddress: '' };
/** The example address without its user name and password, as the address field takes it. */
const ADDRESS_EXAMPLE = splitCameraUrl(CAMERA_URL_EXAMPLE).address;

export function CourtCamera({ field, setNotice }: { field: FieldListItem; setNotice: (n: NoticeValue) => void }) {
  const T = useAdminMessages().recorders;
  const translate = useAdminTranslate();
  const save = useSetCameraMutation();
  const [editing, setEditing] = useState(false);
  const [parts, setParts] = useState(EMPTY);
  const [showPassword, setShowPassword] = useState(false);
  const close = () => {
    setEditing(false);
    setParts(EMPTY);
    setShowPassword(false);
  };
  const send = (value: string | null, subUrl: string | null = null) =>
    save.mutate(
      { id: field.id, url: value, subUrl },
      {
        onSuccess: (answer) => {
          setNotice(success(answer.message));
          close();
        },
        onError: (err) => setNotice(failure(err.message)),
      },
    );
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const user = parts.user.trim();
    const value = joinCameraUrl({ ...parts, address: parts.address.trim(), user });
    const problem = cameraUrlProblem(value);
    if (problem) return setNotice(failure(problem));
    const subAddress = parts.subAddress.trim();
    const subUrl = subAddress ? joinCameraUrl({ address: subAddress, user, password: parts.password }) : null;
    const subProblem = subUrl === null ? null : cameraUrlProblem(subUrl);
    if (subProblem) return setNotice(failure(`${T.subStreamLabel}: ${translate(subProblem)}`));
    send(value, subUrl);
  };
  // A whole URL pasted or typed into either address: its user name and password move to their fields.
  const onAddress = (address: string, which: 'address' | 'subAddress') => {
    const split = splitCameraUrl(address);
    setParts(
      split.user || split.password
        ? { ...parts, user: split.user, password: split.password, [which]: split.address }
        : { ...parts, [which]: address },
    );
  };

  if (!editing)
    return (
      <div className="court-camera" data-testid="court-camera">
        <span className="mono">{field.camera?.url ?? T.noCamera}</span>{' '}
        <button type="button" className="btn btn-sm" onClick={() => setEditing(true)}>
          {field.camera ? T.changeCamera : T.setCamera}
        </button>
        {field.camera?.subUrl ? <span className="mono camera-sub">{T.subStreamShown(field.camera.subUrl)}</span> : null}
      </div>
    );
  return (
    <form className="court-camera" onSubmit={submit} noValidate aria-label={T.cameraLabel(field.name)}>
      <label className="field">
        <span>{T.cameraLabel(field.name)}</span>
        <input
          name="camera-url"
          value={parts.address}
          placeholder={ADDRESS_EXAMPLE}
          autoComplete="off"
          spellCheck={false}
          onChange={(e) => onAddress(e.target.value, 'address')}
          autoFocus
        />
      </label>
      <label className="field">
        <span>{T.cameraUser}</span>
        <input
          name="camera-user"
          value={parts.user}
          autoComplete="off"
          spellCheck={false}
          onChange={(e) => setParts({ ...parts, user: e.target.value })}
        />
      </label>
      <div className="field">
        <label htmlFor={`camera-password-${field.id}`}>{T.cameraPassword}</label>
        <div className="password-row">
          <input
            id={`camera-password-${field.id}`}
            name="camera-password"
            type={showPassword ? 'text' : 'password'}
            value={parts.password}
            autoComplete="new-password"
            spellCheck={false}
            onChange={(e) => setParts({ ...parts, password: e.target.value })}
          />
          <button type="button" className="btn btn-sm" aria-pressed={showPassword} onClick={() => setShowPassword(!showPassword)}>
            {showPassword ? T.hidePassword : T.showPassword}
          </button>
        </div>
      </div>
      <small>{T.cameraHints}</small>
      <ul className="camera-hints">
        {CAMERA_URL_HINTS.map((hint) => (
          <li key={hint.brand}>
            {hint.brand}: <code>{hint.path}</code>
          </li>
        ))}
      </ul>
      <label className="field">
        <span>{T.subStreamLabel}</span>
        <input
          name="camera-sub-url"
          value={parts.subAddress}
          autoComplete="off"
          spellCheck={false}
          onChange={(e) => onAddress(e.target.value, 'subAddress')}
        />
      </label>
      <small>{T.subStreamHints}</small>
      <ul className="camera-hints">
        {CAMERA_SUB_STREAM_HINTS.map((hint) => (
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
        <button type="button" className="btn btn-sm" onClick={close}>
          {T.cancel}
        </button>
      </div>
    </form>
  );
}

import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { call } from '../../lib/api-client.ts';
import { withFallback } from '../common/errors.ts';
import { failure, Notice, success, type NoticeValue } from '../common/Notice.tsx';
import { useAdminMessages } from '../i18n/admin-language.ts';

interface Props {
  /**
   * The admin holds a one-time password and must choose their own before anything else: the form
   * is shown open, on its own, and `onChanged` lets the dashboard in once it is saved.
   */
  mandatory?: boolean;
  onChanged?: () => void;
}

/** The signed-in admin changes their own password (from the dashboard header, or first of all after a reset). */
export function ChangePasswordForm({ mandatory = false, onChanged }: Props) {
  const T = useAdminMessages().admins;
  const [currentPassword, setCurrent] = useState('');
  const [newPassword, setNew] = useState('');
  const [notice, setNotice] = useState<NoticeValue>(null);
  const change = useMutation({
    mutationFn: withFallback(T.changeFailed, () => call('changePassword', { body: { currentPassword, newPassword } })),
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    change.mutate(undefined, {
      onSuccess: (res) => {
        setNotice(success(res.message));
        setCurrent('');
        setNew('');
        onChanged?.();
      },
      onError: (err) => setNotice(failure(err.message)),
    });
  };
  const form = (
    <form className="card form-grid" onSubmit={submit} noValidate aria-label={T.changePassword}>
      <label className="field">
        <span>{T.currentPassword}</span>
        <input
          type="password"
          name="currentPassword"
          autoComplete="current-password"
          value={currentPassword}
          onChange={(e) => setCurrent(e.target.value)}
        />
      </label>
      <label className="field">
        <span>{T.newPassword}</span>
        <input
          type="password"
          name="newPassword"
          autoComplete="new-password"
          value={newPassword}
          onChange={(e) => setNew(e.target.value)}
        />
      </label>
      <button type="submit" className="btn btn-primary" disabled={change.isPending}>
        {T.savePassword}
      </button>
      <Notice notice={notice} />
    </form>
  );
  if (mandatory) return form;
  return (
    <details className="account-menu">
      <summary className="btn">{T.changePassword}</summary>
      {form}
    </details>
  );
}

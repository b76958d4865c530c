import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { validateCreateAdmin, type AdminRole } from '@courtreplay/shared';
import { useCreateAdminMutation } from '../admins/mutations.ts';
import { QueryState } from '../common/QueryState.tsx';
import { venueQueries } from '../venues/queries.ts';
import { useAdminMessages } from '../i18n/admin-language.ts';
import { LanguageSwitch } from '../common/LanguageSwitch.tsx';
import { VenueChoice } from '../common/VenueChoice.tsx';

export function CreateAdminPage() {
  const MESSAGES = useAdminMessages();
  const T = MESSAGES.createAdmin;
  const S = MESSAGES.adminScreens.createAdmin;
  const navigate = useNavigate();
  const venues = useQuery(venueQueries.forAdmins());
  const create = useCreateAdminMutation();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [role, setRole] = useState<AdminRole>('admin');
  const [venueId, setVenueId] = useState('');
  const [error, setError] = useState('');
  // A message answers the last Create press: changing any field clears it.
  const edit =
    <V,>(set: (value: V) => void) =>
    (value: V) => {
      setError('');
      set(value);
    };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setError('');
    const problem = validateCreateAdmin({ email, password, confirmPassword: confirm, role, venueId });
    if (problem) return setError(problem);
    create.mutate(
      { email: email.trim(), password, role, venueId: role === 'superadmin' ? null : Number(venueId) },
      {
        onSuccess: () => void navigate('/admin/dashboard?tab=admins'),
        onError: (err) => setError(err.message),
      },
    );
  };

  return (
    <main className="create-admin">
      <div className="panel-header">
        <h1>{S.title}</h1>
        <LanguageSwitch />
        <button type="button" className="btn" onClick={() => void navigate('/admin/dashboard')}>
          {T.backToDashboard}
        </button>
      </div>
      <form className="card form-grid" onSubmit={submit} noValidate>
        <label className="field">
          <span>{T.email}</span>
          <input type="email" name="email" autoComplete="off" value={email} onChange={(e) => edit(setEmail)(e.target.value)} autoFocus />
        </label>
        <label className="field">
          <span>{T.password}</span>
          <input
            type="password"
            name="password"
            autoComplete="new-password"
            value={password}
            onChange={(e) => edit(setPassword)(e.target.value)}
          />
        </label>
        <label className="field">
          <span>{T.confirmPassword}</span>
          <input
            type="password"
            name="confirmPassword"
            autoComplete="new-password"
            value={confirm}
            onChange={(e) => edit(setConfirm)(e.target.value)}
          />
        </label>
        <label className="field">
          <span>{T.role}</span>
          <select name="role" aria-label={T.role} value={role} onChange={(e) => edit(setRole)(e.target.value as AdminRole)}>
            <option value="admin">{T.roleAdmin}</option>
            <option value="superadmin">{T.roleSuperAdmin}</option>
          </select>
        </label>
        {role === 'superadmin' ? (
          <p className="muted">{T.superAdminNote}</p>
        ) : (
          <VenueChoice label={T.venue} name="venue" venues={venues.data ?? []} value={venueId} onChange={edit(setVenueId)} />
        )}
        <QueryState isPending={false} error={venues.error} fallback={T.venuesLoadFailed} />
        {error && (
          <p className="notice notice-error" role="alert">
            {error}
          </p>
        )}
        <button type="submit" className="btn btn-primary" disabled={create.isPending}>
          {S.create}
        </button>
      </form>
    </main>
  );
}

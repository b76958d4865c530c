import { useState, type FormEvent } from 'react';
import { Navigate, useLocation, type Location } from 'react-router';
import { validateAdminLogin } from '@courtreplay/shared';
import { LanguageSwitch } from '../common/LanguageSwitch.tsx';
import { useAdminMessages, useAdminTranslate } from '../i18n/admin-language.ts';
import { loginErrorMessage, useLoginMutation } from '../session/mutations.ts';
import { useAdminSession } from '../session/session.ts';
import './LoginPage.css';

/** Where to go after login: the admin page the visitor was sent away from, else the dashboard. */
function destination(state: unknown): string {
  const from = (state as { from?: Location } | null)?.from;
  if (from && from.pathname.startsWith('/admin/') && from.pathname !== '/admin/login') {
    return `${from.pathname}${from.search}`;
  }
  return '/admin/dashboard';
}

export function LoginPage() {
  const MESSAGES = useAdminMessages();
  const T = MESSAGES.adminLogin;
  const translate = useAdminTranslate();
  const session = useAdminSession();
  const location = useLocation();
  const login = useLoginMutation();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState('');

  if (session) return <Navigate to={destination(location.state)} replace />;

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setError('');
    const problem = validateAdminLogin(email, password);
    if (problem) return setError(problem);
    login.mutate({ email: email.trim(), password }, { onError: (err) => setError(loginErrorMessage(err)) });
  };

  return (
    <main className="login-page">
      <LanguageSwitch />
      <form className="card login-card" onSubmit={submit} noValidate>
        <h1>{T.title}</h1>
        <label className="field">
          <span>{MESSAGES.adminScreens.login.email}</span>
          <input type="email" name="email" autoComplete="username" value={email} onChange={(e) => setEmail(e.target.value)} autoFocus />
        </label>
        <label className="field">
          <span>{MESSAGES.adminScreens.login.password}</span>
          <input
            type="password"
            name="password"
            autoComplete="current-password"
            value={password}
            onChange={(e) => setPassword(e.target.value)}
          />
        </label>
        {error && (
          <p className="notice notice-error" role="alert">
            {translate(error)}
          </p>
        )}
        <button type="submit" className="btn btn-primary btn-block" disabled={login.isPending}>
          {login.isPending ? T.loggingIn : T.login}
        </button>
      </form>
    </main>
  );
}

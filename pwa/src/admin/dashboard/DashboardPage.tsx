import { useState, type KeyboardEvent } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import type { DashboardTab } from '@courtreplay/shared';
import { ChangePasswordForm } from '../account/ChangePasswordForm.tsx';
import { LanguageSwitch } from '../common/LanguageSwitch.tsx';
import { useAdminMessages } from '../i18n/admin-language.ts';
import { AdminsTab } from '../admins/AdminsTab.tsx';
import { CmsTab } from '../cms/CmsTab.tsx';
import { DevicesTab } from '../devices/DevicesTab.tsx';
import { ErrorsTab } from '../errors/ErrorsTab.tsx';
import { ProductTab } from '../product/ProductTab.tsx';
import { useLogoutMutation } from '../session/mutations.ts';
import { saveSession, useAdminSession, type AdminUser } from '../session/session.ts';
import { StorageQuotaTab } from '../storage/StorageQuotaTab.tsx';
import { TransactionsTab } from '../transactions/TransactionsTab.tsx';
import { VenuesTab } from '../venues/VenuesTab.tsx';
import { OwnVenueTab } from '../venues/OwnVenueTab.tsx';
import { initialTab, visibleTabs } from './tabs.ts';
import './DashboardPage.css';

function TabPanel({ tab, user, onOpenTab }: { tab: DashboardTab; user: AdminUser; onOpenTab: (tab: DashboardTab) => void }) {
  switch (tab) {
    case 'transactions':
      return <TransactionsTab user={user} onOpenTab={onOpenTab} />;
    case 'admins':
      return <AdminsTab user={user} />;
    case 'devices':
      return <DevicesTab user={user} />;
    case 'productManagement':
      return <ProductTab staging={false} user={user} />;
    case 'productDevManagement':
      return <ProductTab staging user={user} />;
    case 'venueManagement':
      return user.role === 'superadmin' ? <VenuesTab /> : <OwnVenueTab />;
    case 'cmsManagement':
      return <CmsTab />;
    case 'errors':
      return <ErrorsTab user={user} />;
    case 'storageQuota':
      return <StorageQuotaTab />;
  }
}

export function DashboardPage() {
  const MESSAGES = useAdminMessages();
  const T = MESSAGES.dashboard;
  const session = useAdminSession();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const logout = useLogoutMutation();
  const role = session?.user.role ?? 'admin';
  const [tab, setTab] = useState<DashboardTab>(() => initialTab(params.get('tab'), role));
  if (!session) return null;
  // The header: who is signed in, Change password (once they have a password of their own) and Logout.
  const header = (
    <header className="dashboard-header">
      <div>
        <h1>{T.title}</h1>
        <p className="muted">{T.welcome(session.user.email)}</p>
      </div>
      <LanguageSwitch />
      {!session.user.mustChangePassword && <ChangePasswordForm />}
      <button
        type="button"
        className="btn"
        disabled={logout.isPending}
        onClick={() => logout.mutate(undefined, { onSettled: () => void navigate('/admin/login', { replace: true }) })}
      >
        {T.logout}
      </button>
    </header>
  );
  if (session.user.mustChangePassword) {
    return (
      <div className="dashboard">
        {header}
        <section className="panel first-password" aria-labelledby="first-password-title">
          <h2 id="first-password-title">{MESSAGES.admins.chooseOwnPassword}</h2>
          <p>{MESSAGES.admins.chooseOwnPasswordWhy}</p>
          <ChangePasswordForm
            mandatory
            onChanged={() => saveSession({ ...session, user: { ...session.user, mustChangePassword: false } })}
          />
        </section>
      </div>
    );
  }
  const tabs = visibleTabs(role);
  const active = tabs.includes(tab) ? tab : 'transactions';

  // Arrow keys move between tabs (wrapping), Home and End go to the first and last, as in any tab list.
  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    const i = tabs.indexOf(active);
    const target: Record<string, number> = {
      ArrowRight: (i + 1) % tabs.length,
      ArrowLeft: (i + tabs.length - 1) % tabs.length,
      Home: 0,
      End: tabs.length - 1,
    };
    if (!(e.key in target)) return;
    e.preventDefault();
    const next = tabs[target[e.key]!]!;
    setTab(next);
    document.getElementById(`tab-${next}`)?.focus();
  };

  return (
    <div className="dashboard">
      {header}
      <div className="tabs" role="tablist" aria-label={T.title} onKeyDown={onKeyDown}>
        {tabs.map((key) => (
          <button
            key={key}
            id={`tab-${key}`}
            type="button"
            role="tab"
            data-tab={key}
            aria-selected={key === active}
            aria-controls="tab-panel"
            tabIndex={key === active ? 0 : -1}
            className={key === active ? 'tab tab-active' : 'tab'}
            onClick={() => setTab(key)}
          >
            {T.tabs[key]}
          </button>
        ))}
      </div>
      <section id="tab-panel" className="tab-panel" role="tabpanel" aria-labelledby={`tab-${active}`} data-tab={active}>
        <TabPanel tab={active} user={session.user} onOpenTab={setTab} />
      </section>
    </div>
  );
}

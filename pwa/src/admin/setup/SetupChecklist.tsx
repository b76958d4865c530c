// The first-run checklist: on a fresh install, what is still needed before a kiosk
// can sell, each step ticked when done and a button to the tab that does it. Super admins only.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { SETUP_STEPS, type DashboardTab, type SetupStep } from '@courtreplay/shared';
import { call } from '../../lib/api-client.ts';
import { useAdminMessages } from '../i18n/admin-language.ts';
import './SetupChecklist.css';

export const setupQuery = () => queryOptions({ queryKey: ['setup-checklist'], queryFn: () => call('setupChecklist', {}) });

const TAB_OF: Record<SetupStep, DashboardTab> = {
  venue: 'venueManagement',
  court: 'venueManagement',
  price: 'productManagement',
  kiosk: 'devices',
  integrations: 'storageQuota',
};

/** Shows the steps while any is left; nothing once all are done (or while loading, or on error). */
export function SetupChecklist({ onOpenTab }: { onOpenTab?: (tab: DashboardTab) => void }) {
  const MESSAGES = useAdminMessages();
  const T = MESSAGES.setup;
  const setup = useQuery(setupQuery());
  if (!setup.data) return null;
  const done = SETUP_STEPS.filter((step) => setup.data[step]).length;
  if (done === SETUP_STEPS.length) return null;
  return (
    <section className="card setup-checklist" aria-labelledby="setup-title">
      <h3 id="setup-title">{T.title}</h3>
      <p className="muted">
        {T.intro} {T.progress(done, SETUP_STEPS.length)}
      </p>
      <ol>
        {SETUP_STEPS.map((step) => (
          <li key={step} data-step={step} data-done={setup.data[step]}>
            <span aria-hidden="true" className={setup.data[step] ? 'setup-tick setup-tick-done' : 'setup-tick'}>
              {setup.data[step] ? '✓' : '○'}
            </span>
            <span className="setup-step">{T.steps[step]}</span>
            {setup.data[step] ? (
              <span className="badge badge-success">{T.done}</span>
            ) : (
              onOpenTab && (
                <button type="button" className="btn btn-sm" onClick={() => onOpenTab(TAB_OF[step])}>
                  {T.open} {MESSAGES.dashboard.tabs[TAB_OF[step]]}
                </button>
              )
            )}
          </li>
        ))}
      </ol>
    </section>
  );
}

import { useQuery } from '@tanstack/react-query';
import { INTEGRATION_KINDS, type IntegrationKindName, type IntegrationStatusView } from '@courtreplay/shared';
import { formatDateTime } from '../common/format.ts';
import { QueryState } from '../common/QueryState.tsx';
import { useTestIntegrationMutation, type IntegrationTestOutcome } from './mutations.ts';
import { integrationQueries } from './queries.ts';
import { useAdminMessages } from '../i18n/admin-language.ts';
import './IntegrationsPanel.css';

/**
 * The Integrations panel (super admins, inside the Storage Quota tab): for payments, storage
 * and mail, the active adapter, the last success, the last error with its time, and Test connection.
 */
export function IntegrationsPanel() {
  const T = useAdminMessages().integrations;
  const status = useQuery(integrationQueries.status());
  const rows = status.data?.integrations ?? [];
  return (
    <section className="integrations" aria-labelledby="integrations-title">
      <h3 id="integrations-title">{T.title}</h3>
      <QueryState isPending={status.isPending} error={status.error} fallback={T.loadFailed} />
      {INTEGRATION_KINDS.map((kind) => {
        const row = rows.find((r) => r.kind === kind);
        return row ? <IntegrationCard key={kind} kind={kind} row={row} /> : null;
      })}
    </section>
  );
}

function IntegrationCard({ kind, row }: { kind: IntegrationKindName; row: IntegrationStatusView }) {
  const T = useAdminMessages().integrations;
  const test = useTestIntegrationMutation(kind);
  return (
    <section className="integration-card" aria-label={T.kinds[kind]} data-kind={kind}>
      <div className="panel-header">
        <h4>{T.kinds[kind]}</h4>
        <button type="button" className="btn btn-sm" disabled={test.isPending} onClick={() => test.mutate(undefined)}>
          {test.isPending ? T.testing : T.test}
        </button>
      </div>
      <dl className="integration-details">
        <dt>{T.adapter}</dt>
        <dd data-testid="integration-adapter">{row.adapter}</dd>
        <dt>{T.lastSuccess}</dt>
        <dd data-testid="integration-last-success">{row.lastSuccessAt ? formatDateTime(row.lastSuccessAt) : T.never}</dd>
        <dt>{T.lastError}</dt>
        <dd data-testid="integration-last-error">
          {row.lastError ? `${formatDateTime(row.lastError.at)}: ${row.lastError.message}` : T.none}
        </dd>
      </dl>
      {test.error && (
        <p className="notice notice-error" role="alert">
          {test.error.message}
        </p>
      )}
      {test.data && <TestOutcome outcome={test.data} />}
    </section>
  );
}

function TestOutcome({ outcome }: { outcome: IntegrationTestOutcome }) {
  const T = useAdminMessages().integrations;
  const upload = outcome.browserUpload;
  return (
    <div data-testid="integration-test-result" role="status">
      <p className={`notice ${outcome.server.ok ? 'notice-success' : 'notice-error'}`} data-ok={String(outcome.server.ok)}>
        {outcome.server.message}
      </p>
      {upload && (
        <p
          className={`notice ${upload.ok ? 'notice-success' : 'notice-error'}`}
          data-testid="integration-browser-upload"
          data-ok={String(upload.ok)}
        >
          {upload.ok ? T.browserUploadOk : T.browserUploadFailed(upload.reason)}
        </p>
      )}
    </div>
  );
}

import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { quotaColour } from '@courtreplay/shared';
import { IntegrationsPanel } from '../integrations/IntegrationsPanel.tsx';
import { formatDateTime } from '../common/format.ts';
import { failure, Notice, success, type NoticeValue } from '../common/Notice.tsx';
import { oldFilesCutoff, useDeleteOldFilesMutation, useEmptyDriveMutation } from './mutations.ts';
import { CleanupButton } from './CleanupButton.tsx';
import { readCachedQuota, storageQueries } from './queries.ts';
import { useAdminMessages } from '../i18n/admin-language.ts';
import './StorageQuotaTab.css';

export function StorageQuotaTab() {
  const MESSAGES = useAdminMessages();
  const T = MESSAGES.storage;
  const S = MESSAGES.adminScreens.storage;
  const [cached] = useState(readCachedQuota);
  const quota = useQuery({ ...storageQueries.quota(), placeholderData: cached });
  const deleteOld = useDeleteOldFilesMutation();
  const empty = useEmptyDriveMutation();
  const [notice, setNotice] = useState<NoticeValue>(null);
  const q = quota.data;
  const busy = deleteOld.isPending || empty.isPending;
  const onError = (err: Error) => setNotice(failure(err.message));

  return (
    <div className="panel">
      <div className="panel-header">
        <h2>{S.title}</h2>
        <button type="button" className="btn" disabled={quota.isFetching} onClick={() => void quota.refetch()}>
          {T.refresh}
        </button>
      </div>
      {quota.error && !quota.isFetching && (
        <p className="notice notice-error" role="alert">
          {quota.error.message}
        </p>
      )}
      <Notice notice={notice} />
      {!q && quota.isFetching && <p className="muted">{MESSAGES.adminScreens.loading}</p>}
      {q && (
        <div className="quota">
          <div
            className={`quota-bar quota-${quotaColour(q.percentUsed)}`}
            data-colour={quotaColour(q.percentUsed)}
            role="progressbar"
            aria-label={S.used}
            aria-valuenow={q.percentUsed}
            aria-valuemin={0}
            aria-valuemax={100}
          >
            <div className="quota-fill" style={{ width: `${Math.min(100, q.percentUsed)}%` }} />
          </div>
          <p className="quota-summary">
            <strong data-testid="quota-percent">{q.percentUsed}%</strong> {S.summary(q.usageMb, q.limitMb)}
          </p>
          <dl className="quota-details">
            <dt>{S.inDrive}</dt>
            <dd>{q.usageInDriveMb} MB</dd>
            <dt>{S.inTrash}</dt>
            <dd>{q.usageInTrashMb} MB</dd>
            <dt>{S.lastUpdated}</dt>
            <dd data-testid="quota-updated">{formatDateTime(q.lastUpdated)}</dd>
          </dl>
        </div>
      )}
      <div className="row-actions">
        <CleanupButton
          label={T.deleteOld}
          cutoff={() => oldFilesCutoff()}
          question={T.confirmDeleteOld}
          nothing={T.nothingOld}
          disabled={busy}
          onConfirm={(olderThan) => deleteOld.mutate(olderThan!, { onSuccess: (n) => setNotice(success(S.filesDeleted(n))), onError })}
        />
        <CleanupButton
          label={T.emptyDrive}
          question={T.confirmEmpty}
          nothing={T.nothingStored}
          typeToConfirm
          disabled={busy}
          onConfirm={() => empty.mutate(undefined, { onSuccess: (n) => setNotice(success(S.filesDeleted(n))), onError })}
        />
      </div>
      <IntegrationsPanel />
    </div>
  );
}

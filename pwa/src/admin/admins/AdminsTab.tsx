import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { ConfirmButton } from '../common/ConfirmButton.tsx';
import { formatDateTime } from '../common/format.ts';
import { failure, Notice, type NoticeValue } from '../common/Notice.tsx';
import { QueryState } from '../common/QueryState.tsx';
import type { AdminUser } from '../session/session.ts';
import { AuditLog } from './AuditLog.tsx';
import { useDeleteAdminMutation, useResetPasswordMutation } from './mutations.ts';
import { adminQueries } from './queries.ts';
import { useAdminMessages } from '../i18n/admin-language.ts';

function AdminsTable({ selfId }: { selfId: number }) {
  const MESSAGES = useAdminMessages();
  const T = MESSAGES.admins;
  const ROLE_LABEL = { superadmin: MESSAGES.createAdmin.roleSuperAdmin, admin: MESSAGES.createAdmin.roleAdmin } as const;
  const admins = useQuery(adminQueries.list());
  const remove = useDeleteAdminMutation();
  const reset = useResetPasswordMutation();
  const navigate = useNavigate();
  const [notice, setNotice] = useState<NoticeValue>(null);
  return (
    <div className="panel">
      <div className="panel-header">
        <h2>{MESSAGES.dashboard.tabs.admins}</h2>
        <button type="button" className="btn btn-primary" onClick={() => void navigate('/admin/create')}>
          {T.createAdmin}
        </button>
      </div>
      <Notice notice={notice} />
      <QueryState isPending={admins.isPending} error={admins.error} fallback={T.loadFailed} />
      {admins.data?.length === 0 && <p className="empty">{T.empty}</p>}
      {!!admins.data?.length && (
        <div className="table-wrap">
          <table>
            <thead>
              <tr>
                {T.columns.map((c) => (
                  <th key={c}>{c}</th>
                ))}
              </tr>
            </thead>
            <tbody>
              {admins.data.map((admin) => (
                <tr key={admin.id} data-email={admin.email}>
                  <td>{admin.id}</td>
                  <td>{admin.email}</td>
                  <td>{ROLE_LABEL[admin.role === 'superadmin' ? 'superadmin' : 'admin']}</td>
                  <td>{formatDateTime(admin.createdAt)}</td>
                  <td>{admin.venues?.length ? admin.venues.map((v) => v.name).join(', ') : T.noVenuesAssigned}</td>
                  <td>{admin.lastLoginAt ? formatDateTime(admin.lastLoginAt) : T.neverLoggedIn}</td>
                  <td>
                    {admin.id !== selfId && (
                      <ConfirmButton
                        label={T.resetPassword}
                        onConfirm={() =>
                          reset.mutate(admin.id, {
                            // Shown once: the server keeps only its hash.
                            onSuccess: (res) => setNotice({ kind: 'info', text: T.oneTimePassword(admin.email, res.password) }),
                            onError: (err) => setNotice(failure(err.message)),
                          })
                        }
                      />
                    )}
                    {/* The server refuses to delete the logged-in account: its button is not offered. */}
                    <ConfirmButton
                      label={MESSAGES.adminScreens.admins.delete}
                      disabled={admin.id === selfId}
                      onConfirm={() =>
                        remove.mutate(admin.id, { onSuccess: () => setNotice(null), onError: (err) => setNotice(failure(err.message)) })
                      }
                    />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}

export function AdminsTab({ user }: { user: AdminUser }) {
  const MESSAGES = useAdminMessages();
  if (user.role !== 'superadmin') return <p className="notice notice-error">{MESSAGES.dashboard.noPermission}</p>;
  return (
    <>
      <AdminsTable selfId={user.id} />
      <AuditLog />
    </>
  );
}

import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { formatRupiah, localIsoDate, stagingVariant, type Promo } from '@courtreplay/shared';
import { ConfirmButton } from '../common/ConfirmButton.tsx';
import { formatDate } from '../common/format.ts';
import { failure, Notice, success, useTimedNotice } from '../common/Notice.tsx';
import { QueryState } from '../common/QueryState.tsx';
import { useDeletePromoMutation } from './mutations.ts';
import { emptyDraft, toDraft } from './promo-form.ts';
import { PromoForm } from './PromoForm.tsx';
import { promoQueries } from './queries.ts';
import { venueQueries } from '../venues/queries.ts';
import type { AdminUser } from '../session/session.ts';
import { useAdminMessages } from '../i18n/admin-language.ts';

/** A venue day (YYYY-MM-DD) as the back-office writes dates. */
const dayLabel = (day: string) => formatDate(`${day}T12:00:00+07:00`);

/** Off, not started yet, ended, or running until its last day; nothing for an always-on code. */
function PromoStatus({ promo }: { promo: Promo }) {
  const T = useAdminMessages().promoForm;
  const today = localIsoDate(new Date()) ?? '';
  const [text, tone] = !promo.active
    ? [T.statusOff, 'muted']
    : promo.startsOn && today < promo.startsOn
      ? [T.statusStarts(dayLabel(promo.startsOn)), 'status-pending']
      : promo.endsOn && today > promo.endsOn
        ? [T.statusEnded(dayLabel(promo.endsOn)), 'muted']
        : promo.endsOn
          ? [T.statusUntil(dayLabel(promo.endsOn)), 'success']
          : [null, null];
  return text ? <span className={`badge badge-${tone}`}>{text}</span> : null;
}

/**
 * The codes working at the chosen venue (its own and the global ones; null: every code). A venue
 * admin creates codes for their venue and changes only those; the global ones are a super admin's.
 */
export function PromoCodes({ staging, venueId, user }: { staging: boolean; venueId: number | null; user: AdminUser }) {
  const MESSAGES = useAdminMessages();
  const T = MESSAGES.promoForm;
  const S = MESSAGES.adminScreens.promos;
  const promos = useQuery(promoQueries.list(venueId));
  const superAdmin = user.role === 'superadmin';
  // A super admin sees every venue's codes under "All venues": each venue-only code names its venue.
  const venues = useQuery({ ...venueQueries.list(), enabled: superAdmin });
  const venueName = (id: number) => venues.data?.find((v) => v.id === id)?.name;
  const scopeOf = (promo: Promo) => {
    if (promo.venueId === null) return S.allVenues;
    const name = venueName(promo.venueId);
    return name ? S.onlyAt(name) : S.thisVenueOnly;
  };
  const remove = useDeletePromoMutation();
  const [editing, setEditing] = useState<Promo | 'new' | null>(null);
  const [notice, setNotice] = useTimedNotice(5_000);

  return (
    <div className="panel">
      <div className="panel-header">
        <h2>{S.title}</h2>
        {!editing && (
          <button type="button" className="btn btn-primary" onClick={() => setEditing('new')}>
            + Add Promo Code
          </button>
        )}
      </div>
      {staging && (
        <p className="muted" data-testid="promos-shared-note">
          {S.sharedNote}
        </p>
      )}
      <Notice notice={notice} />
      {editing && (
        <PromoForm
          key={editing === 'new' ? 'new' : editing.id}
          id={editing === 'new' ? undefined : editing.id}
          initial={editing === 'new' ? emptyDraft : toDraft(editing)}
          staging={staging}
          venueId={editing === 'new' ? venueId : editing.venueId}
          setNotice={setNotice}
          onDone={() => setEditing(null)}
        />
      )}
      <QueryState isPending={promos.isPending} error={promos.error} fallback={T.loadFailed} />
      {promos.data?.length === 0 && <p className="empty">{S.empty}</p>}
      {!!promos.data?.length && (
        <div className="table-wrap">
          <table aria-label={S.table}>
            <thead>
              <tr>
                {T.columns.map((c) => (
                  <th key={c}>{c}</th>
                ))}
              </tr>
            </thead>
            <tbody>
              {promos.data.map((promo) => (
                <tr key={promo.id} data-code={promo.code}>
                  <td>{promo.name}</td>
                  <td>
                    <span className="mono">{promo.code}</span> <PromoStatus promo={promo} />{' '}
                    <span className="badge badge-muted">{scopeOf(promo)}</span>
                    {staging && (
                      <>
                        {' '}
                        <span className="badge badge-muted" data-testid="promo-shared">
                          {S.sharedWithLive}
                        </span>
                      </>
                    )}
                  </td>
                  <td>{promo.percent > 0 ? `${promo.percent}%` : formatRupiah(promo.amount)}</td>
                  <td>
                    {T.uses(promo.used, promo.quota)}
                    <div className="muted" data-testid="promo-uses">
                      {promo.paid} paid · {promo.held} held
                    </div>
                  </td>
                  <td>{formatDate(promo.createdAt)}</td>
                  <td className="row-actions">
                    {(superAdmin || promo.venueId !== null) && (
                      <>
                        <button type="button" className="btn btn-sm" onClick={() => setEditing(promo)}>
                          {S.edit}
                        </button>
                        <ConfirmButton
                          label={S.delete}
                          onConfirm={() =>
                            remove.mutate(promo.id, {
                              onSuccess: () => setNotice(success(stagingVariant(T.deleted, staging))),
                              onError: (err) => setNotice(failure(err.message)),
                            })
                          }
                        />
                      </>
                    )}
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

import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { validateCourtCreate, validateCourtEdit, type FieldListItem, type Venue } from '@courtreplay/shared';
import { ConfirmButton } from '../common/ConfirmButton.tsx';
import { CourtPoster } from './CourtPoster.tsx';
import { CourtCamera } from './CourtCamera.tsx';
import { formatDate } from '../common/format.ts';
import { failure, Notice, type NoticeValue } from '../common/Notice.tsx';
import { QueryState } from '../common/QueryState.tsx';
import { useCreateFieldMutation, useDeleteFieldMutation, useUpdateFieldMutation } from './mutations.ts';
import { inlineEditKeys } from './inline-edit.ts';
import { venueQueries } from './queries.ts';
import { useAdminMessages } from '../i18n/admin-language.ts';

function CourtRow({ field, venueName, setNotice }: { field: FieldListItem; venueName: string; setNotice: (n: NoticeValue) => void }) {
  const MESSAGES = useAdminMessages();
  const T = MESSAGES.venues;
  const update = useUpdateFieldMutation();
  const remove = useDeleteFieldMutation();
  const [editing, setEditing] = useState(false);
  const [showPoster, setShowPoster] = useState(false);
  const [name, setName] = useState(field.name);
  const onError = (err: Error) => setNotice(failure(err.message));
  const save = () => {
    const problem = validateCourtEdit(name);
    if (problem) return setNotice(failure(problem));
    update.mutate(
      { id: field.id, name: name.trim() },
      {
        onSuccess: () => {
          setNotice(null);
          setEditing(false);
        },
        onError,
      },
    );
  };
  return (
    <tr data-court={field.name} onKeyDown={editing ? (e) => inlineEditKeys(e, save, () => setEditing(false)) : undefined}>
      <td>{editing ? <input aria-label={T.fieldName} value={name} onChange={(e) => setName(e.target.value)} autoFocus /> : field.name}</td>
      <td>{formatDate(field.createdAt)}</td>
      <td>
        <CourtCamera field={field} setNotice={setNotice} />
      </td>
      <td className="row-actions">
        {editing ? (
          <>
            <button type="button" className="btn btn-primary btn-sm" disabled={update.isPending} onClick={save}>
              {T.save}
            </button>
            <button type="button" className="btn btn-sm" onClick={() => setEditing(false)}>
              {T.cancel}
            </button>
          </>
        ) : (
          <>
            <button
              type="button"
              className="btn btn-sm"
              onClick={() => {
                setName(field.name);
                setEditing(true);
              }}
            >
              {T.edit}
            </button>
            <button type="button" className="btn btn-sm" onClick={() => setShowPoster(true)}>
              {T.poster}
            </button>
            {showPoster ? <CourtPoster court={field} venueName={venueName} onClose={() => setShowPoster(false)} /> : null}
            <ConfirmButton
              label={T.delete}
              question={T.confirmDeleteCourt(field.name)}
              onConfirm={() => remove.mutate(field.id, { onError })}
            />
          </>
        )}
      </td>
    </tr>
  );
}

export function CourtsPanel({ venue }: { venue: Venue | null }) {
  const MESSAGES = useAdminMessages();
  const T = MESSAGES.venues;
  const S = MESSAGES.adminScreens.venues;
  const fields = useQuery({ ...venueQueries.fields(venue?.id ?? 0), enabled: !!venue });
  const create = useCreateFieldMutation();
  const [adding, setAdding] = useState(false);
  const [name, setName] = useState('');
  const [notice, setNotice] = useState<NoticeValue>(null);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const problem = validateCourtCreate(venue?.id, name);
    if (problem || !venue) return setNotice(failure(problem ?? T.selectVenueFirst));
    create.mutate(
      { name: name.trim(), venueId: venue.id },
      {
        onSuccess: () => {
          setName('');
          setAdding(false);
          setNotice(null);
        },
        onError: (err) => setNotice(failure(err.message)),
      },
    );
  };

  return (
    <section className="panel" aria-label={S.courts}>
      <div className="panel-header">
        <h2>{venue ? T.courtsFor(venue.name) : S.courts}</h2>
        {/* Waits for a venue to exist: a court always belongs to one. */}
        {!adding && (
          <button
            type="button"
            className="btn btn-primary"
            disabled={!venue}
            aria-describedby={venue ? undefined : 'courts-select-venue'}
            onClick={() => setAdding(true)}
          >
            {T.addCourt}
          </button>
        )}
      </div>
      <Notice notice={notice} />
      {adding && (
        <form className="inline-form" onSubmit={submit} noValidate aria-label={S.addCourt}>
          <label className="field">
            <span>{T.fieldName}</span>
            <input value={name} onChange={(e) => setName(e.target.value)} autoFocus />
          </label>
          <button type="submit" className="btn btn-primary" disabled={create.isPending}>
            {T.save}
          </button>
          <button type="button" className="btn" onClick={() => setAdding(false)}>
            {T.cancel}
          </button>
        </form>
      )}
      {!venue ? (
        <p className="empty" id="courts-select-venue">
          {T.selectVenue}
        </p>
      ) : (
        <>
          <QueryState isPending={fields.isPending} error={fields.error} fallback={T.fieldsLoadFailed} />
          {fields.data?.length === 0 && <p className="empty">{T.noFields}</p>}
          {!!fields.data?.length && (
            <div className="table-wrap">
              <table>
                <thead>
                  <tr>
                    {T.courtColumns.slice(0, 2).map((c) => (
                      <th key={c}>{c}</th>
                    ))}
                    <th>{MESSAGES.recorders.camera}</th>
                    {T.courtColumns.slice(2).map((c) => (
                      <th key={c}>{c}</th>
                    ))}
                  </tr>
                </thead>
                <tbody>
                  {fields.data.map((field) => (
                    <CourtRow key={field.id} field={field} venueName={venue.name} setNotice={setNotice} />
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </>
      )}
    </section>
  );
}

import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import {
  isKioskLanguage,
  KIOSK_LANGUAGE_NAMES,
  KIOSK_LANGUAGES,
  validateVenueCreate,
  validateVenueEdit,
  type Venue,
} from '@courtreplay/shared';
import { ConfirmButton } from '../common/ConfirmButton.tsx';
import { failure, Notice, type NoticeValue } from '../common/Notice.tsx';
import { QueryState } from '../common/QueryState.tsx';
import { CourtsPanel } from './CourtsPanel.tsx';
import { useCreateVenueMutation, useDeleteVenueMutation, useUpdateVenueMutation } from './mutations.ts';
import { inlineEditKeys } from './inline-edit.ts';
import { venueQueries } from './queries.ts';
import { useAdminMessages } from '../i18n/admin-language.ts';
import './VenuesTab.css';

function AddVenueForm({ onDone, setNotice }: { onDone: () => void; setNotice: (n: NoticeValue) => void }) {
  const MESSAGES = useAdminMessages();
  const T = MESSAGES.venues;
  const S = MESSAGES.adminScreens.venues;
  const create = useCreateVenueMutation();
  const [name, setName] = useState('');
  const [location, setLocation] = useState('');
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const problem = validateVenueCreate(name, location);
    if (problem) return setNotice(failure(problem));
    create.mutate(
      { name: name.trim(), location: location.trim() },
      {
        onSuccess: () => {
          setNotice(null);
          onDone();
        },
        onError: (err) => setNotice(failure(err.message)),
      },
    );
  };
  return (
    <form className="inline-form" onSubmit={submit} noValidate aria-label={S.addVenue}>
      <label className="field">
        <span>{T.venueName}</span>
        <input value={name} onChange={(e) => setName(e.target.value)} autoFocus />
      </label>
      <label className="field">
        <span>{T.location}</span>
        <input value={location} onChange={(e) => setLocation(e.target.value)} />
      </label>
      <button type="submit" className="btn btn-primary" disabled={create.isPending}>
        {T.save}
      </button>
      <button type="button" className="btn" onClick={onDone}>
        {T.cancel}
      </button>
    </form>
  );
}

function VenueRow({
  venue,
  selected,
  onSelect,
  setNotice,
}: {
  venue: Venue;
  selected: boolean;
  onSelect: () => void;
  setNotice: (n: NoticeValue) => void;
}) {
  const MESSAGES = useAdminMessages();
  const T = MESSAGES.venues;
  const update = useUpdateVenueMutation();
  const remove = useDeleteVenueMutation();
  const [editing, setEditing] = useState(false);
  const [name, setName] = useState(venue.name);
  const [location, setLocation] = useState(venue.location);
  const onError = (err: Error) => setNotice(failure(err.message));

  if (editing) {
    const save = () => {
      const problem = validateVenueEdit(name);
      if (problem) return setNotice(failure(problem));
      update.mutate(
        { id: venue.id, name: name.trim(), location: location.trim() },
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
      <li className="venue-item editing" onKeyDown={(e) => inlineEditKeys(e, save, () => setEditing(false))}>
        <input aria-label={T.venueName} value={name} onChange={(e) => setName(e.target.value)} autoFocus />
        <input aria-label={T.location} value={location} onChange={(e) => setLocation(e.target.value)} />
        <div className="row-actions">
          <button type="button" className="btn btn-primary btn-sm" disabled={update.isPending} onClick={save}>
            {T.save}
          </button>
          <button type="button" className="btn btn-sm" onClick={() => setEditing(false)}>
            {T.cancel}
          </button>
        </div>
      </li>
    );
  }
  return (
    <li className={selected ? 'venue-item selected' : 'venue-item'} data-venue={venue.name}>
      <button type="button" className="venue-select" aria-pressed={selected} onClick={onSelect}>
        <strong>{venue.name}</strong>
        <span className="muted">{venue.location}</span>
      </button>
      <div className="row-actions">
        <label className="venue-language">
          <span className="muted">{T.kioskLanguage}</span>
          <select
            value={venue.language}
            disabled={update.isPending}
            onChange={(e) => {
              const language = e.target.value;
              if (isKioskLanguage(language))
                update.mutate({ id: venue.id, name: venue.name, location: venue.location, language }, { onError });
            }}
          >
            {KIOSK_LANGUAGES.map((l) => (
              <option key={l} value={l}>
                {KIOSK_LANGUAGE_NAMES[l]}
              </option>
            ))}
          </select>
        </label>
        <button
          type="button"
          className="btn btn-sm"
          onClick={() => {
            setName(venue.name);
            setLocation(venue.location);
            setEditing(true);
          }}
        >
          {T.edit}
        </button>
        <ConfirmButton
          label={T.delete}
          question={T.confirmDeleteVenue(venue.name)}
          onConfirm={() => remove.mutate(venue.id, { onError })}
        />
      </div>
    </li>
  );
}

export function VenuesTab() {
  const MESSAGES = useAdminMessages();
  const T = MESSAGES.venues;
  const venues = useQuery(venueQueries.list());
  const [adding, setAdding] = useState(false);
  const [selectedId, setSelectedId] = useState<number | null>(null);
  const [notice, setNotice] = useState<NoticeValue>(null);
  // The first venue until another is chosen: its courts show, and Add court works, at once.
  const selected = venues.data?.find((v) => v.id === selectedId) ?? venues.data?.[0] ?? null;

  return (
    <div className="split">
      <section className="panel" aria-label={T.title}>
        <div className="panel-header">
          <h2>{T.title}</h2>
          {!adding && (
            <button type="button" className="btn btn-primary" onClick={() => setAdding(true)}>
              {T.addVenue}
            </button>
          )}
        </div>
        <Notice notice={notice} />
        {adding && <AddVenueForm setNotice={setNotice} onDone={() => setAdding(false)} />}
        <QueryState isPending={venues.isPending} error={venues.error} fallback={T.loadFailed} />
        {venues.data?.length === 0 && <p className="empty">{T.noVenues}</p>}
        <ul className="venue-list">
          {venues.data?.map((venue) => (
            <VenueRow
              key={venue.id}
              venue={venue}
              selected={venue.id === selected?.id}
              onSelect={() => {
                setNotice(null);
                setSelectedId(venue.id);
              }}
              setNotice={setNotice}
            />
          ))}
        </ul>
      </section>
      {/* Keyed by venue: a half-typed court name or a message never carries over to another venue. */}
      <CourtsPanel key={selected?.id ?? 0} venue={selected} />
    </div>
  );
}

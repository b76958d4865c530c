import { useQuery } from '@tanstack/react-query';
import { dateFilterBounds } from '@courtreplay/shared';
import { VenueSelect } from '../common/VenueSelect.tsx';
import { venueQueries } from '../venues/queries.ts';
import type { TransactionFilters } from './queries.ts';
import { DATE_SHORTCUTS, shortcutRange } from './date-shortcuts.ts';
import { useAdminMessages } from '../i18n/admin-language.ts';

interface Props {
  filters: TransactionFilters;
  onChange: (patch: Partial<TransactionFilters>) => void;
  /** Super admins pick the venue; an admin's venue is fixed. */
  canPickVenue: boolean;
}

export function Filters({ filters, onChange, canPickVenue }: Props) {
  const MESSAGES = useAdminMessages();
  const T = MESSAGES.transactions;
  const S = MESSAGES.adminScreens.transactions;
  const venueId = Number(filters.venueId);
  const fields = useQuery({ ...venueQueries.fields(venueId), enabled: venueId > 0 });
  const bounds = dateFilterBounds(filters.startDate, new Date());
  return (
    <div className="filters" role="search">
      <label className="field">
        <span>{S.searchByEmail}</span>
        <input
          type="search"
          name="email"
          placeholder={S.searchPlaceholder}
          value={filters.email}
          onChange={(e) => onChange({ email: e.target.value })}
        />
      </label>
      <label className="field">
        <span>{S.startDate}</span>
        <input
          type="date"
          name="startDate"
          max={bounds.startMax}
          value={filters.startDate}
          onChange={(e) => onChange({ startDate: e.target.value })}
        />
      </label>
      <label className="field">
        <span>{S.endDate}</span>
        <input
          type="date"
          name="endDate"
          max={bounds.endMax}
          min={bounds.endMin}
          value={filters.endDate}
          onChange={(e) => onChange({ endDate: e.target.value })}
        />
      </label>
      <div className="row-actions" role="group" aria-label={S.dateShortcuts}>
        {DATE_SHORTCUTS.map((shortcut) => (
          <button key={shortcut} type="button" className="btn btn-sm" onClick={() => onChange(shortcutRange(shortcut, new Date()))}>
            {S.shortcuts[shortcut]}
          </button>
        ))}
      </div>
      {canPickVenue && <VenueSelect name="venue" value={filters.venueId} onChange={(venueId) => onChange({ venueId, fieldId: '' })} />}
      <label className="field">
        <span>{S.court}</span>
        <select
          name="court"
          aria-label={S.court}
          value={filters.fieldId}
          disabled={!filters.venueId}
          onChange={(e) => onChange({ fieldId: e.target.value })}
        >
          <option value="">{S.allCourts}</option>
          {fields.data?.map((f) => (
            <option key={f.id} value={f.id}>
              {f.name}
            </option>
          ))}
        </select>
      </label>
      <label className="field field-inline">
        <input
          type="checkbox"
          name="includeStaging"
          checked={filters.includeStaging}
          onChange={(e) => onChange({ includeStaging: e.target.checked })}
        />
        <span>{T.showStaging}</span>
      </label>
    </div>
  );
}

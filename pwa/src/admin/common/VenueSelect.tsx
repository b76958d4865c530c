import { useQuery } from '@tanstack/react-query';
import { venueQueries } from '../venues/queries.ts';
import { useAdminMessages } from '../i18n/admin-language.ts';

interface Props {
  /** The venue id as the select holds it; '' for all venues. */
  value: string;
  onChange: (venueId: string) => void;
  name?: string;
}

/** A super admin's venue filter: 'All Venues' first, then every venue by name. */
export function VenueSelect({ value, onChange, name }: Props) {
  const MESSAGES = useAdminMessages();
  const venues = useQuery(venueQueries.list());
  return (
    <label className="field">
      <span>{MESSAGES.adminScreens.venue}</span>
      <select name={name} aria-label={MESSAGES.adminScreens.venue} value={value} onChange={(e) => onChange(e.target.value)}>
        <option value="">{MESSAGES.transactions.allVenues}</option>
        {venues.data?.map((v) => (
          <option key={v.id} value={v.id}>
            {v.name}
          </option>
        ))}
      </select>
    </label>
  );
}

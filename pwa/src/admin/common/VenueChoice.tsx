import type { Venue } from '@courtreplay/shared';
import { useAdminMessages } from '../i18n/admin-language.ts';

interface Props {
  /** The field's label, which says what the venue is chosen for. */
  label: string;
  name: string;
  venues: readonly Pick<Venue, 'id' | 'name'>[];
  /** The venue id as the select holds it; '' while none is chosen. */
  value: string;
  onChange: (venueId: string) => void;
}

/** The one venue a form acts on: 'Select venue' until one is chosen (VenueSelect is the list filter, with 'All Venues'). */
export function VenueChoice({ label, name, venues, value, onChange }: Props) {
  const MESSAGES = useAdminMessages();
  return (
    <label className="field">
      <span>{label}</span>
      <select name={name} aria-label={label} value={value} onChange={(e) => onChange(e.target.value)}>
        <option value="">{MESSAGES.adminScreens.selectVenue}</option>
        {venues.map((v) => (
          <option key={v.id} value={v.id}>
            {v.name}
          </option>
        ))}
      </select>
    </label>
  );
}

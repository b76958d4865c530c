// The Venues tab of a venue admin: their own venue only, its courts to add, rename and remove, and
// each court's poster to print and renew (docs/back-office.md, Venues). Adding, renaming or deleting
// a venue stays with super admins (VenuesTab); the server checks the venue either way.
import { useQuery } from '@tanstack/react-query';
import { QueryState } from '../common/QueryState.tsx';
import { useAdminMessages } from '../i18n/admin-language.ts';
import { CourtsPanel } from './CourtsPanel.tsx';
import { venueQueries } from './queries.ts';

export function OwnVenueTab() {
  const T = useAdminMessages().venues;
  const venues = useQuery(venueQueries.list());
  const own = venues.data?.[0] ?? null;
  return (
    <div className="own-venue">
      <QueryState isPending={venues.isPending} error={venues.error} fallback={T.loadFailed} />
      {venues.data?.length === 0 && <p className="empty">{T.noVenues}</p>}
      {own && <CourtsPanel key={own.id} venue={own} />}
    </div>
  );
}

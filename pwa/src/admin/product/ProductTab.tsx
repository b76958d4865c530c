import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { QueryState } from '../common/QueryState.tsx';
import { VenueSelect } from '../common/VenueSelect.tsx';
import { configQueries } from '../config/queries.ts';
import { PromoCodes } from '../promos/PromoCodes.tsx';
import type { AdminUser } from '../session/session.ts';
import { BundlingEditor } from './BundlingEditor.tsx';
import { PriceSection } from './PriceSection.tsx';
import { useAdminMessages } from '../i18n/admin-language.ts';

/**
 * Product (live keys) and Product - Staging (the _STAGING twins); promo codes serve both. A super
 * admin chooses the venue ("All venues": the global entries); a venue admin works on their own.
 */
export function ProductTab({ staging, user }: { staging: boolean; user: AdminUser }) {
  const MESSAGES = useAdminMessages();
  const superAdmin = user.role === 'superadmin';
  const [venue, setVenue] = useState(superAdmin ? '' : String(user.venueId ?? ''));
  const venueId = venue === '' ? null : Number(venue);
  const config = useQuery(configQueries.list(venueId));
  // Bumped when the price section scales the stored tiers, so the tier editor re-reads them.
  const [tiersVersion, setTiersVersion] = useState(0);
  // The price typed in the price section, not yet saved: "Use Default Tiers" fills tiers for it.
  const [typed, setTyped] = useState<{ scope: string; price: number | null }>({ scope: '', price: null });
  const scope = `${staging}-${venue}`;
  const typedPrice = typed.scope === scope ? typed.price : null;
  return (
    <div className="stack" data-staging={staging}>
      {staging && (
        <p className="notice notice-info" data-testid="staging-only">
          {MESSAGES.product.stagingOnly}
        </p>
      )}
      {superAdmin && (
        <div className="filters">
          <VenueSelect value={venue} onChange={setVenue} name="product-venue" />
        </div>
      )}
      <QueryState isPending={config.isPending} error={config.error} fallback={MESSAGES.product.configLoadFailed} />
      {config.data && (
        // Keyed by variant and venue so switching re-reads the stored values into the forms.
        <div className="grid-2" key={`${staging}-${venue}`}>
          <PriceSection
            entries={config.data}
            staging={staging}
            venueId={venueId}
            onTiersScaled={() => setTiersVersion((v) => v + 1)}
            onPriceTyped={(price) => setTyped({ scope, price })}
          />
          <BundlingEditor key={tiersVersion} entries={config.data} staging={staging} venueId={venueId} typedPrice={typedPrice} />
        </div>
      )}
      <PromoCodes staging={staging} venueId={venueId} user={user} />
    </div>
  );
}

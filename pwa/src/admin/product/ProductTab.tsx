import { useQuery } from '@tanstack/react-query';
import { MESSAGES } from '@courtreplay/shared';
import { QueryState } from '../common/QueryState.tsx';
import { configQueries } from '../config/queries.ts';
import { PromoCodes } from '../promos/PromoCodes.tsx';
import { BundlingEditor } from './BundlingEditor.tsx';
import { PriceSection } from './PriceSection.tsx';

/** Product (live keys) and Product - Staging (the _STAGING twins); promo codes serve both. */
export function ProductTab({ staging }: { staging: boolean }) {
  const config = useQuery(configQueries.list());
  return (
    <div className="stack" data-staging={staging}>
      {staging && (
        <p className="notice notice-info" data-testid="staging-only">
          {MESSAGES.product.stagingOnly}
        </p>
      )}
      <QueryState isPending={config.isPending} error={config.error} fallback={MESSAGES.product.configLoadFailed} />
      {config.data && (
        // Keyed by variant so switching tabs re-reads the stored values into the forms.
        <div className="grid-2" key={String(staging)}>
          <PriceSection entries={config.data} staging={staging} />
          <BundlingEditor entries={config.data} staging={staging} />
        </div>
      )}
      <PromoCodes staging={staging} />
    </div>
  );
}

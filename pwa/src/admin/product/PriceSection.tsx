import { useState, type FormEvent } from 'react';
import {
  CONFIG_MESSAGES,
  configKey,
  digitsOnly,
  findUndercut,
  formatRupiah,
  MAX_VIDEOS_PER_PURCHASE,
  parseDefaultPrice,
  parseGatewayEnabled,
  parsePromoTable,
  scaleTiers,
  serializePromoTable,
  validateGatewayToggle,
  validatePrice,
  type StoredConfigEntry,
} from '@courtreplay/shared';
import { useSetConfigMutation } from '../config/mutations.ts';
import { configValue, isVenueOwn } from '../config/queries.ts';
import { failure, Notice, success, useTimedNotice } from '../common/Notice.tsx';
import { useAdminMessages } from '../i18n/admin-language.ts';

interface Props {
  entries: StoredConfigEntry[];
  staging: boolean;
  /** The venue being priced; null: the price of all venues (the global entry). */
  venueId: number | null;
  /** Called once the tiers were scaled to a new price and saved. */
  onTiersScaled: () => void;
  /** The price as typed (null: blank), so "Use Default Tiers" fills tiers for it before it is saved. */
  onPriceTyped?: (price: number | null) => void;
}

/**
 * The price per video (digits only) and the payment-gateway switch, with the zero rule both ways.
 * A new price under which the saved tiers would make more clips cost less is shown before saving,
 * with the offer to scale the tiers to it.
 */
export function PriceSection({ entries, staging, venueId, onTiersScaled, onPriceTyped }: Props) {
  const MESSAGES = useAdminMessages();
  const T = MESSAGES.product;
  const S = MESSAGES.adminScreens.product;
  const priceKey = configKey('DEFAULT_PRICE', staging);
  const gatewayKey = configKey('ENABLE_PAYMENT_GATEWAY', staging);
  const tiersKey = configKey('PROMO_TABLE', staging);
  const storedPrice = parseDefaultPrice(configValue(entries, priceKey));
  const gatewayOn = parseGatewayEnabled(configValue(entries, gatewayKey));
  const storedTiers = parsePromoTable(configValue(entries, tiersKey));
  const [price, setPrice] = useState(String(storedPrice));
  const [notice, setNotice] = useTimedNotice(5_000);
  const savePrice = useSetConfigMutation(T.priceUpdateFailed);
  const saveGateway = useSetConfigMutation(T.gatewayUpdateFailed);
  const saveTiers = useSetConfigMutation(MESSAGES.bundling.updateFailed);
  const own = venueId !== null && isVenueOwn(entries, priceKey);

  const typed = price === '' ? null : Number(price);
  const undercut =
    typed !== null && typed > 0 && typed !== storedPrice
      ? findUndercut({ defaultPrice: typed, promoTable: storedTiers }, MAX_VIDEOS_PER_PURCHASE)
      : null;

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const problem = validatePrice(price);
    if (problem) return setNotice(failure(problem));
    if (undercut) return setNotice(failure(CONFIG_MESSAGES.undercut(undercut, undefined, staging)));
    const value = Number(price);
    savePrice.mutate(
      { key: priceKey, value: String(value), venueId },
      {
        onSuccess: () => {
          // The server turns this variant's gateway off with a price of 0; the page says so.
          setNotice(success(value === 0 ? T.priceZeroGatewayDisabled(staging) : T.priceUpdated(staging)));
        },
        onError: (err) => setNotice(failure(err.message)),
      },
    );
  };

  /** Saves the new price and the tiers scaled to it, in the order that never undercuts in between. */
  const scaleAndSave = async () => {
    if (typed === null) return;
    const tiers = { key: tiersKey, value: serializePromoTable(scaleTiers(storedTiers, storedPrice, typed)), venueId };
    const newPrice = { key: priceKey, value: String(typed), venueId };
    try {
      for (const write of typed > storedPrice ? [tiers, newPrice] : [newPrice, tiers]) {
        await (write === tiers ? saveTiers : savePrice).mutateAsync(write);
      }
      onTiersScaled();
      setNotice(success(T.priceUpdated(staging)));
    } catch (err) {
      setNotice(failure((err as Error).message));
    }
  };

  const toggleGateway = (enable: boolean) => {
    const problem = validateGatewayToggle(enable, storedPrice);
    if (problem) return setNotice(failure(problem));
    saveGateway.mutate(
      { key: gatewayKey, value: enable ? 'true' : 'false', venueId },
      {
        onSuccess: () => setNotice(success(T.gatewayToggled(enable, staging))),
        onError: (err) => setNotice(failure(err.message)),
      },
    );
  };

  const useGlobal = () =>
    savePrice.mutate(
      { key: priceKey, value: null, venueId },
      { onSuccess: () => setNotice(success(T.priceUpdated(staging))), onError: (err) => setNotice(failure(err.message)) },
    );

  const busy = savePrice.isPending || saveTiers.isPending;
  return (
    <div className="panel">
      <h2>{S.videoPrice}</h2>
      {venueId !== null && (
        <p className="muted" data-testid="price-source">
          {own ? S.ownPrice : S.globalPrice}{' '}
          {own && (
            <button type="button" className="btn btn-sm" onClick={useGlobal} disabled={busy}>
              {S.useGlobalPrice}
            </button>
          )}
        </p>
      )}
      <form className="inline-form" onSubmit={submit} noValidate aria-label={S.videoPrice}>
        <label className="field">
          <span>{S.pricePerVideo}</span>
          <input
            name="price"
            inputMode="numeric"
            value={price}
            onChange={(e) => {
              const digits = digitsOnly(e.target.value);
              setPrice(digits);
              onPriceTyped?.(digits === '' ? null : Number(digits));
            }}
          />
        </label>
        <button type="submit" className="btn btn-primary" disabled={busy || undercut !== null}>
          {S.savePrice}
        </button>
      </form>
      {undercut && typed !== null && (
        <div className="notice notice-error" role="alert" data-testid="price-undercut">
          <p>{CONFIG_MESSAGES.undercut(undercut, undefined, staging)}</p>
          <button type="button" className="btn btn-sm" onClick={() => void scaleAndSave()} disabled={busy}>
            {S.scaleAndSave(formatRupiah(typed))}
          </button>
        </div>
      )}
      <label className="switch">
        <input
          type="checkbox"
          name="gateway"
          checked={gatewayOn}
          disabled={saveGateway.isPending}
          onChange={(e) => toggleGateway(e.target.checked)}
        />
        <span>{S.gateway(gatewayOn)}</span>
      </label>
      <Notice notice={notice} />
    </div>
  );
}

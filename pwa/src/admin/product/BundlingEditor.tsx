import { useState } from 'react';
import {
  BUNDLING_QUANTITY_MAX,
  BUNDLING_QUANTITY_MIN,
  CONFIG_MESSAGES,
  configKey,
  clampBundlingQuantity,
  defaultTiersFor,
  digitsOnly,
  findUndercut,
  formatRupiah,
  isBundlingSaveDisabled,
  MAX_VIDEOS_PER_PURCHASE,
  parseDefaultPrice,
  parsePromoTable,
  serializePromoTable,
  validateBundlingTiers,
  type BundlingTier,
  type ConfigEntry,
} from '@courtreplay/shared';
import { useSetConfigMutation } from '../config/mutations.ts';
import { configValue } from '../config/queries.ts';
import { failure, Notice, success, useTimedNotice } from '../common/Notice.tsx';
import { useAdminMessages } from '../i18n/admin-language.ts';

/** A tier as edited: the numbers stay text (digits only) until saved. */
interface Row {
  quantity: string;
  price: string;
  enabled: boolean;
}

/** Digits only, and never above 6 (a purchase holds at most 6 videos); 0 and blank stay, keeping Save disabled. */
function capQuantity(value: string): string {
  const digits = digitsOnly(value);
  return digits !== '' && Number(digits) > BUNDLING_QUANTITY_MAX ? String(clampBundlingQuantity(Number(digits))) : digits;
}

/** Blank numbers count as invalid (NaN), so a half-typed row keeps Save disabled. */
const toTiers = (rows: readonly Row[]): BundlingTier[] =>
  rows.map((r) => ({
    QUANTITY: r.quantity === '' ? NaN : Number(r.quantity),
    PRICE: r.price === '' ? NaN : Number(r.price),
    ENABLED: r.enabled,
  }));

const toRows = (tiers: readonly BundlingTier[]): Row[] =>
  tiers.map((t) => ({ quantity: String(t.QUANTITY), price: String(t.PRICE), enabled: t.ENABLED }));

/**
 * The bundle tiers of the chosen venue (null: of all venues). A table under which more clips would
 * cost less than fewer at the price in force is shown before saving and cannot be saved.
 */
export function BundlingEditor({
  entries,
  staging,
  venueId,
  typedPrice = null,
}: {
  entries: ConfigEntry[];
  staging: boolean;
  venueId: number | null;
  /** The price typed beside, not yet saved (null: none): what "Use Default Tiers" fills tiers for. */
  typedPrice?: number | null;
}) {
  const MESSAGES = useAdminMessages();
  const T = MESSAGES.bundling;
  const S = MESSAGES.adminScreens.product;
  const key = configKey('PROMO_TABLE', staging);
  const price = parseDefaultPrice(configValue(entries, configKey('DEFAULT_PRICE', staging)));
  const [rows, setRows] = useState<Row[]>(() => toRows(parsePromoTable(configValue(entries, key))));
  const [notice, setNotice] = useTimedNotice(5_000);
  const save = useSetConfigMutation(T.updateFailed);
  const update = (i: number, patch: Partial<Row>) => setRows((rs) => rs.map((r, j) => (j === i ? { ...r, ...patch } : r)));
  const edited = toTiers(rows);
  const undercut = isBundlingSaveDisabled(edited)
    ? null
    : findUndercut({ defaultPrice: price, promoTable: edited }, MAX_VIDEOS_PER_PURCHASE);

  const submit = () => {
    const tiers = toTiers(rows);
    const problem = validateBundlingTiers(tiers);
    if (problem) return setNotice(failure(problem));
    if (undercut) return setNotice(failure(CONFIG_MESSAGES.undercut(undercut, undefined, staging)));
    save.mutate(
      { key, value: serializePromoTable(tiers), venueId },
      { onSuccess: () => setNotice(success(T.updated(staging))), onError: (err) => setNotice(failure(err.message)) },
    );
  };

  return (
    <div className="panel">
      <div className="panel-header">
        <h2>{S.bundlingPromo}</h2>
        <div className="row-actions">
          <button
            type="button"
            className="btn btn-sm"
            // The spec's tiers where they suit the price in force, else the same percentages off it (docs/pricing.md).
            onClick={() =>
              setRows(toRows(defaultTiersFor(typedPrice !== null && typedPrice > 0 ? typedPrice : price, MAX_VIDEOS_PER_PURCHASE)))
            }
          >
            {S.useDefaultTiers}
          </button>
          <button
            type="button"
            className="btn btn-sm"
            onClick={() => setRows((rs) => [...rs, { quantity: '1', price: '0', enabled: true }])}
          >
            {S.addTier}
          </button>
        </div>
      </div>
      {rows.length === 0 ? (
        <p className="empty">{S.noTiers}</p>
      ) : (
        <div className="table-wrap">
          <table aria-label={S.tiersTable}>
            <thead>
              <tr>
                {S.tierColumns.map((column) => (
                  <th key={column}>{column}</th>
                ))}
              </tr>
            </thead>
            <tbody>
              {rows.map((row, i) => (
                <tr key={i}>
                  <td>
                    <input
                      aria-label={S.quantityN(i + 1)}
                      type="number"
                      min={BUNDLING_QUANTITY_MIN}
                      max={BUNDLING_QUANTITY_MAX}
                      value={row.quantity}
                      onChange={(e) => update(i, { quantity: capQuantity(e.target.value) })}
                    />
                  </td>
                  <td>
                    <input
                      aria-label={S.priceN(i + 1)}
                      inputMode="numeric"
                      value={row.price}
                      onChange={(e) => update(i, { price: digitsOnly(e.target.value) })}
                    />
                  </td>
                  <td>
                    <input
                      aria-label={S.enabledN(i + 1)}
                      type="checkbox"
                      checked={row.enabled}
                      onChange={(e) => update(i, { enabled: e.target.checked })}
                    />
                  </td>
                  <td>
                    <button type="button" className="btn btn-sm" onClick={() => setRows((rs) => rs.filter((_, j) => j !== i))}>
                      {S.remove}
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {undercut && (
        <div className="notice notice-error" role="alert" data-testid="tiers-undercut">
          <p>{CONFIG_MESSAGES.undercut(undercut, undefined, staging)}</p>
          <button
            type="button"
            className="btn btn-sm"
            onClick={() =>
              setRows(toRows(defaultTiersFor(typedPrice !== null && typedPrice > 0 ? typedPrice : price, MAX_VIDEOS_PER_PURCHASE)))
            }
          >
            {S.applyScaledTiers(formatRupiah(price))}
          </button>
        </div>
      )}
      <button
        type="button"
        className="btn btn-primary"
        disabled={save.isPending || isBundlingSaveDisabled(edited) || undercut !== null}
        onClick={submit}
      >
        {S.saveBundling}
      </button>
      <Notice notice={notice} />
    </div>
  );
}

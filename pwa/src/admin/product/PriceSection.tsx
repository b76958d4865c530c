import { useState, type FormEvent } from 'react';
import {
  configKey,
  digitsOnly,
  MESSAGES,
  parseDefaultPrice,
  parseGatewayEnabled,
  validateGatewayToggle,
  validatePrice,
  type ConfigEntry,
} from '@courtreplay/shared';
import { useSetConfigMutation } from '../config/mutations.ts';
import { configValue } from '../config/queries.ts';
import { failure, Notice, success, useTimedNotice } from '../common/Notice.tsx';

const T = MESSAGES.product;

/** The price per video (digits only) and the payment-gateway switch, with the zero rule both ways. */
export function PriceSection({ entries, staging }: { entries: ConfigEntry[]; staging: boolean }) {
  const priceKey = configKey('DEFAULT_PRICE', staging);
  const gatewayKey = configKey('ENABLE_PAYMENT_GATEWAY', staging);
  const storedPrice = parseDefaultPrice(configValue(entries, priceKey));
  const gatewayOn = parseGatewayEnabled(configValue(entries, gatewayKey));
  const [price, setPrice] = useState(String(storedPrice));
  const [notice, setNotice] = useTimedNotice(5_000);
  const savePrice = useSetConfigMutation(T.priceUpdateFailed);
  const saveGateway = useSetConfigMutation(T.gatewayUpdateFailed);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const problem = validatePrice(price);
    if (problem) return setNotice(failure(problem));
    const value = Number(price);
    savePrice.mutate(
      { key: priceKey, value: String(value) },
      {
        onSuccess: () => {
          // The server turns this variant's gateway off with a price of 0; the page says so.
          setNotice(success(value === 0 ? T.priceZeroGatewayDisabled(staging) : T.priceUpdated(staging)));
        },
        onError: (err) => setNotice(failure(err.message)),
      },
    );
  };

  const toggleGateway = (enable: boolean) => {
    const problem = validateGatewayToggle(enable, storedPrice);
    if (problem) return setNotice(failure(problem));
    saveGateway.mutate(
      { key: gatewayKey, value: enable ? 'true' : 'false' },
      {
        onSuccess: () => setNotice(success(T.gatewayToggled(enable, staging))),
        onError: (err) => setNotice(failure(err.message)),
      },
    );
  };

  return (
    <div className="panel">
      <h2>Video Price</h2>
      <form className="inline-form" onSubmit={submit} noValidate aria-label="Video price">
        <label className="field">
          <span>Price per video (Rp)</span>
          <input name="price" inputMode="numeric" value={price} onChange={(e) => setPrice(digitsOnly(e.target.value))} />
        </label>
        <button type="submit" className="btn btn-primary" disabled={savePrice.isPending}>
          Save Price
        </button>
      </form>
      <label className="switch">
        <input
          type="checkbox"
          name="gateway"
          checked={gatewayOn}
          disabled={saveGateway.isPending}
          onChange={(e) => toggleGateway(e.target.checked)}
        />
        <span>Payment Gateway {gatewayOn ? 'Enabled' : 'Disabled'}</span>
      </label>
      <Notice notice={notice} />
    </div>
  );
}

// The WhatsApp number at checkout: typed on a large numeric pad (a physical keyboard works
// too), accepted as people write it, and used only with the consent line ticked (PDP law). The
// number as it will be stored is shown large above Pay Now by the page. The pad and the consent line
// open when the player turns to the number (a tap on it, or something typed), so a player who gives
// only an e-mail still sees the total and Pay Now together on a landscape screen.
import { useState } from 'react';
import { PHONE_INPUT_MAX_LENGTH } from '@courtreplay/shared';
import { useMessages, useTranslate } from '../../i18n/language.ts';
import './WhatsappField.css';

const KEYS = ['1', '2', '3', '4', '5', '6', '7', '8', '9', '+', '0'] as const;

export function WhatsappField({
  phone,
  consent,
  error,
  disabled,
  onPhone,
  onConsent,
}: {
  phone: string;
  consent: boolean;
  error: string | null;
  disabled: boolean;
  onPhone: (phone: string) => void;
  onConsent: (consent: boolean) => void;
}) {
  const C = useMessages().checkout;
  const tr = useTranslate();
  const [open, setOpen] = useState(false);
  const shown = open || phone !== '';
  const type = (key: string) => {
    if (phone.length < PHONE_INPUT_MAX_LENGTH) onPhone(phone + key);
  };
  return (
    <div className="field whatsapp-field">
      <label htmlFor="checkout-phone" className="field-label">
        {C.whatsappNumber}
      </label>
      <input
        id="checkout-phone"
        className="input whatsapp-input"
        type="tel"
        // With the pad open the screen's own keyboard stays away; a physical keyboard still types.
        inputMode={shown ? 'none' : 'numeric'}
        autoComplete="tel"
        placeholder="0812-3456-7890"
        maxLength={PHONE_INPUT_MAX_LENGTH}
        value={phone}
        disabled={disabled}
        aria-invalid={!!error}
        aria-describedby={error ? 'phone-error' : undefined}
        onFocus={() => setOpen(true)}
        onChange={(e) => onPhone(e.target.value)}
      />
      {shown ? (
        <>
          <div className="phone-pad" role="group" aria-label={C.whatsappNumber} data-testid="phone-pad">
            {KEYS.map((key) => (
              <button key={key} type="button" className="btn btn-secondary phone-key" disabled={disabled} onClick={() => type(key)}>
                {key}
              </button>
            ))}
            <button
              type="button"
              className="btn btn-secondary phone-key"
              aria-label={C.whatsappPadDelete}
              disabled={disabled || phone === ''}
              onClick={() => onPhone(phone.slice(0, -1))}
            >
              ⌫
            </button>
            <button type="button" className="btn btn-secondary phone-clear" disabled={disabled || phone === ''} onClick={() => onPhone('')}>
              {C.whatsappPadClear}
            </button>
          </div>
          <label className="whatsapp-consent">
            <input type="checkbox" checked={consent} disabled={disabled} onChange={(e) => onConsent(e.target.checked)} />
            <span>{C.whatsappConsent}</span>
          </label>
        </>
      ) : null}
      {error ? (
        <p id="phone-error" className="field-error" role="alert">
          {tr(error)}
        </p>
      ) : null}
    </div>
  );
}

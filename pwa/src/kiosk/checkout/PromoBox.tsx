import { useImperativeHandle, useState, type Ref } from 'react';
import { useMessages, useTranslate } from '../../i18n/language.ts';
import { validatePromo, type AppliedPromo } from './promo.ts';
import './PromoBox.css';

export interface PromoBoxHandle {
  /**
   * Applies a code that was typed but not applied (or differs from the applied one), so Pay Now
   * never silently charges without it. True when nothing was pending.
   */
  settle(): Promise<boolean>;
}

/** Promo code box (spec sections 4 and 5): Apply, then Reapply / Remove once applied. */
export function PromoBox({
  promo,
  onChange,
  disabled,
  ref,
}: {
  promo: AppliedPromo | null;
  onChange: (p: AppliedPromo | null) => void;
  disabled?: boolean;
  ref?: Ref<PromoBoxHandle>;
}) {
  const P = useMessages().promo;
  const tr = useTranslate();
  const [code, setCode] = useState(promo?.code ?? '');
  const [error, setError] = useState<string | null>(null);
  const [applying, setApplying] = useState(false);

  const apply = async () => {
    setApplying(true);
    setError(null);
    const verdict = await validatePromo(code);
    setApplying(false);
    if (verdict.ok) {
      onChange(verdict.promo);
      setCode(verdict.promo.code);
    } else {
      onChange(null);
      setError(verdict.message);
    }
  };

  useImperativeHandle(ref, () => ({
    settle: async () => {
      const typed = code.trim().toUpperCase();
      if (typed === '' || typed === promo?.code) return true;
      await apply();
      return false;
    },
  }));

  return (
    <div className="promo-box">
      <label htmlFor="promo-code" className="field-label">
        {P.label}
      </label>
      <div className="promo-row">
        <input
          id="promo-code"
          className="input"
          value={code}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          disabled={disabled}
          aria-invalid={!!error}
          aria-describedby={error ? 'promo-error' : undefined}
          onChange={(e) => {
            setCode(e.target.value);
            setError(null);
            if (e.target.value.trim() === '') onChange(null);
          }}
          onKeyDown={(e) => {
            if (e.key === 'Enter') void apply();
          }}
        />
        <button type="button" className="btn btn-secondary" disabled={disabled || applying} onClick={() => void apply()}>
          {promo ? P.reapply : P.apply}
        </button>
        {promo ? (
          <button
            type="button"
            className="btn btn-ghost"
            disabled={disabled}
            onClick={() => {
              onChange(null);
              setCode('');
              setError(null);
            }}
          >
            {P.remove}
          </button>
        ) : null}
      </div>
      {error ? (
        <p id="promo-error" className="field-error" role="alert">
          {tr(error)}
        </p>
      ) : null}
      {promo ? (
        <p className="promo-applied" data-testid="promo-applied">
          {promo.name} ({promo.code})
        </p>
      ) : null}
    </div>
  );
}

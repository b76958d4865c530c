import { useState, type FormEvent } from 'react';
import { digitsOnly, promoPayload, randomPromoCode, stagingVariant, validatePromoForm, type PromoFormInput } from '@courtreplay/shared';
import { type NoticeValue, success } from '../common/Notice.tsx';
import { useSavePromoMutation } from './mutations.ts';
import { useAdminMessages } from '../i18n/admin-language.ts';

interface Props {
  id?: number;
  initial: PromoFormInput;
  staging: boolean;
  /** The venue whose code this is; null: every venue's. */
  venueId: number | null;
  onDone: () => void;
  setNotice: (n: NoticeValue) => void;
}

export function PromoForm({ id, initial, staging, venueId, onDone, setNotice }: Props) {
  const MESSAGES = useAdminMessages();
  const T = MESSAGES.promoForm;
  const S = MESSAGES.adminScreens.promos;
  const save = useSavePromoMutation();
  const [draft, setDraft] = useState(initial);
  const [error, setError] = useState('');
  const set = (patch: Partial<PromoFormInput>) => setDraft((d) => ({ ...d, ...patch }));

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setError('');
    const problem = validatePromoForm(draft);
    if (problem) return setError(problem);
    const promo = promoPayload(draft);
    save.mutate(
      { ...promo, venueId, id },
      {
        onSuccess: () => {
          const code = promo.code;
          setNotice(success(stagingVariant(id ? T.updated(code) : T.created(code), staging)));
          onDone();
        },
        onError: (err) => setError(err.message),
      },
    );
  };

  return (
    <form className="card form-grid promo-form" onSubmit={submit} noValidate aria-label={id ? S.editForm : S.addForm}>
      <label className="field">
        <span>{S.name}</span>
        <input name="promoName" value={draft.name} onChange={(e) => set({ name: e.target.value })} autoFocus />
      </label>
      <div className="field">
        <label htmlFor="promo-code">{S.code}</label>
        <div className="input-with-button">
          <input id="promo-code" name="promoCode" value={draft.code} onChange={(e) => set({ code: e.target.value.toUpperCase() })} />
          <button type="button" className="btn btn-sm" onClick={() => set({ code: randomPromoCode() })}>
            {S.generate}
          </button>
        </div>
      </div>
      <label className="field">
        <span>{S.discountType}</span>
        <select
          name="discountType"
          value={draft.discountType}
          onChange={(e) => set({ discountType: e.target.value as PromoFormInput['discountType'] })}
        >
          <option value="amount">{S.fixedAmount}</option>
          <option value="percent">{S.percentage}</option>
        </select>
      </label>
      <label className="field">
        <span>{draft.discountType === 'amount' ? S.amount : S.percentage}</span>
        <input name="discountValue" inputMode="numeric" value={draft.value} onChange={(e) => set({ value: digitsOnly(e.target.value) })} />
      </label>
      <label className="field">
        <span>{S.quota}</span>
        <input name="quota" type="number" min={0} step={1} value={draft.quota} onChange={(e) => set({ quota: e.target.value })} />
      </label>
      <label className="field">
        <span>{T.firstDay}</span>
        <input name="startsOn" type="date" value={draft.startsOn} onChange={(e) => set({ startsOn: e.target.value })} />
      </label>
      <label className="field">
        <span>{T.lastDay}</span>
        <input
          name="endsOn"
          type="date"
          min={draft.startsOn || undefined}
          value={draft.endsOn}
          onChange={(e) => set({ endsOn: e.target.value })}
        />
      </label>
      <p className="muted small">{T.daysHint}</p>
      <label className="switch">
        <input name="active" type="checkbox" checked={draft.active ?? true} onChange={(e) => set({ active: e.target.checked })} />
        <span>{T.activeLabel}</span>
      </label>
      {error && (
        <p className="notice notice-error" role="alert">
          {error}
        </p>
      )}
      <div className="row-actions">
        <button type="submit" className="btn btn-primary" disabled={save.isPending}>
          {id ? S.update : S.create}
        </button>
        <button type="button" className="btn" onClick={onDone}>
          {S.cancel}
        </button>
      </div>
    </form>
  );
}

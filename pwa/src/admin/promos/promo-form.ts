// The promo form as typed; the rules themselves are shared (validatePromoForm, promoPayload).
import type { Promo, PromoFormInput } from '@courtreplay/shared';

export const emptyDraft: PromoFormInput = {
  name: '',
  code: '',
  discountType: 'amount',
  value: '',
  quota: '0',
  startsOn: '',
  endsOn: '',
  active: true,
};

export const toDraft = (p: Promo): PromoFormInput => ({
  name: p.name,
  code: p.code,
  discountType: p.percent > 0 ? 'percent' : 'amount',
  value: String(p.percent > 0 ? p.percent : p.amount),
  quota: String(p.quota),
  startsOn: p.startsOn ?? '',
  endsOn: p.endsOn ?? '',
  active: p.active,
});

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { MESSAGES, type PromoInput } from '@courtreplay/shared';
import { ApiError, call, errorMessage } from '../../lib/api-client.ts';
import { ScreenError, withFallback } from '../common/errors.ts';
import { promoQueries } from './queries.ts';

const T = MESSAGES.promoForm;

function useInvalidatePromos() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: promoQueries.all() });
}

/** Creates (no id) or updates a promo code; a taken code answers 409 with the spec's message. */
export function useSavePromoMutation() {
  const onSuccess = useInvalidatePromos();
  return useMutation({
    mutationFn: async ({ id, ...promo }: PromoInput & { id?: number }) => {
      try {
        return await (id ? call('updatePromo', { params: { id }, body: promo }) : call('createPromo', { body: promo }));
      } catch (e) {
        if (e instanceof ApiError && e.status === 409) throw new ScreenError(T.duplicateCode, 409);
        throw new ScreenError(errorMessage(e, T.saveFailed), e instanceof ApiError ? e.status : 0);
      }
    },
    onSuccess,
  });
}

export function useDeletePromoMutation() {
  const onSuccess = useInvalidatePromos();
  return useMutation({
    mutationFn: withFallback(T.deleteFailed, (id: number) => call('deletePromo', { params: { id } })),
    onSuccess,
  });
}

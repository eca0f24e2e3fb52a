import { baseApi, type ApiError } from 'shared/api';
import { ENDPOINTS, type DataOf } from 'shared/contract';
import { MONEY_TAGS, postIdempotent, type IdempotentArgs } from '#lib';

/** Form fields of POST /trade/order (shared/contract placeOrderRequest). */
export interface PlaceOrderBody {
  code: string;
  market: string;
  side: 'long' | 'short';
  price_type: 'limit' | 'market';
  price?: string;
  quantity: string;
  leverage: string;
}

/** POST /trade/order with an Idempotency-Key: a double tap or a retry never places two orders. */
const api = baseApi.injectEndpoints({
  endpoints: (build) => ({
    placeOrder: build.mutation<DataOf<'placeOrder'>, IdempotentArgs<PlaceOrderBody>>({
      queryFn: async ({ body, idempotencyKey }, { signal }) => {
        const result = await postIdempotent(ENDPOINTS.placeOrder.path, { ...body }, idempotencyKey, signal);
        if ('error' in result) return { error: result.error as ApiError };
        return { data: ENDPOINTS.placeOrder.data.parse(result.data) };
      },
      invalidatesTags: [...MONEY_TAGS],
    }),
  }),
});

export const { usePlaceOrderMutation } = api;

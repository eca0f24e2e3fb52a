import { baseApi, type ApiError } from 'shared/api';
import { ENDPOINTS, type DataOf } from 'shared/contract';
import { MONEY_TAGS, postIdempotent, type IdempotentArgs } from '#lib';

/** POST /funds/exchange with an Idempotency-Key: the server's debited / credited / rate / fee are what count. */
const api = baseApi.injectEndpoints({
  endpoints: (build) => ({
    submitExchange: build.mutation<DataOf<'exchange'>, IdempotentArgs<{ from: string; to: string; amount: string }>>({
      queryFn: async ({ body, idempotencyKey }, { signal }) => {
        const result = await postIdempotent(ENDPOINTS.exchange.path, body, idempotencyKey, signal);
        if ('error' in result) return { error: result.error as ApiError };
        return { data: ENDPOINTS.exchange.data.parse(result.data) };
      },
      invalidatesTags: [...MONEY_TAGS],
    }),
  }),
});

export const { useSubmitExchangeMutation } = api;

import { baseApi, type ApiError } from 'shared/api';
import { ENDPOINTS, type DataOf } from 'shared/contract';
import { MONEY_TAGS, postIdempotent, type IdempotentArgs } from '#lib';

/** POST /funds/deposit: multipart (amount, currency, channel_id, file part `proof`) with an Idempotency-Key. */
const api = baseApi.injectEndpoints({
  endpoints: (build) => ({
    submitDeposit: build.mutation<DataOf<'deposit'>, IdempotentArgs<FormData>>({
      queryFn: async ({ body, idempotencyKey }, { signal }) => {
        const result = await postIdempotent(ENDPOINTS.deposit.path, body, idempotencyKey, signal);
        if ('error' in result) return { error: result.error as ApiError };
        return { data: ENDPOINTS.deposit.data.parse(result.data) };
      },
      invalidatesTags: [...MONEY_TAGS],
    }),
  }),
});

export const { useSubmitDepositMutation } = api;

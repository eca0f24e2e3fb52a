import { baseApi, type ApiError } from 'shared/api';
import { ENDPOINTS, type DataOf } from 'shared/contract';
import { MONEY_TAGS, postIdempotent, type IdempotentArgs } from '#lib';

/** POST /funds/loanRepay with an Idempotency-Key (a double tap never applies or repays twice). */
const api = baseApi.injectEndpoints({
  endpoints: (build) => ({
    repayLoan: build.mutation<DataOf<'loanRepay'>, IdempotentArgs<{ id: number; amount: string }>>({
      queryFn: async ({ body, idempotencyKey }, { signal }) => {
        const result = await postIdempotent(ENDPOINTS.loanRepay.path, { ...body }, idempotencyKey, signal);
        if ('error' in result) return { error: result.error as ApiError };
        return { data: ENDPOINTS.loanRepay.data.parse(result.data ?? {}) };
      },
      invalidatesTags: [...MONEY_TAGS],
    }),
  }),
});

export const { useRepayLoanMutation } = api;

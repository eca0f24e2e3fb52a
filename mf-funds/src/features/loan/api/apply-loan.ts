import { baseApi, type ApiError } from 'shared/api';
import { ENDPOINTS, type DataOf } from 'shared/contract';
import { MONEY_TAGS, postIdempotent, type IdempotentArgs } from '#lib';

/** POST /funds/loanApply with an Idempotency-Key (a double tap never applies or repays twice). */
const api = baseApi.injectEndpoints({
  endpoints: (build) => ({
    applyLoan: build.mutation<DataOf<'loanApply'>, IdempotentArgs<{ amount: string; term_days: number }>>({
      queryFn: async ({ body, idempotencyKey }, { signal }) => {
        const result = await postIdempotent(ENDPOINTS.loanApply.path, { ...body }, idempotencyKey, signal);
        if ('error' in result) return { error: result.error as ApiError };
        return { data: ENDPOINTS.loanApply.data.parse(result.data ?? {}) };
      },
      invalidatesTags: [...MONEY_TAGS],
    }),
  }),
});

export const { useApplyLoanMutation } = api;

import { baseApi, type ApiError } from 'shared/api';
import { ENDPOINTS, type DataOf } from 'shared/contract';
import { MONEY_TAGS, postIdempotent, type IdempotentArgs } from '#lib';

export interface WithdrawalForm {
  amount: string;
  currency: string;
  card_id: number;
  fund_password: string;
}

/** POST /user/withdraw with an Idempotency-Key: the amount is frozen while the withdrawal is reviewed. */
const api = baseApi.injectEndpoints({
  endpoints: (build) => ({
    submitWithdrawal: build.mutation<DataOf<'withdraw'>, IdempotentArgs<WithdrawalForm>>({
      queryFn: async ({ body, idempotencyKey }, { signal }) => {
        const result = await postIdempotent(ENDPOINTS.withdraw.path, { ...body }, idempotencyKey, signal);
        if ('error' in result) return { error: result.error as ApiError };
        return { data: ENDPOINTS.withdraw.data.parse(result.data) };
      },
      invalidatesTags: [...MONEY_TAGS],
    }),
  }),
});

export const { useSubmitWithdrawalMutation } = api;

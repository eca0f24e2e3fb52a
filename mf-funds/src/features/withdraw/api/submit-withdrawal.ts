import { baseApi, contractMutation } from 'shared/api';
import { ENDPOINTS } from 'shared/contract';
import { MONEY_TAGS } from '#lib';

/** POST /user/withdraw with an Idempotency-Key: the amount is frozen while the withdrawal is reviewed. */
const api = baseApi.injectEndpoints({
  endpoints: (build) => ({
    submitWithdrawal: contractMutation(build, ENDPOINTS.withdraw, { invalidatesTags: [...MONEY_TAGS] }),
  }),
});

export const { useSubmitWithdrawalMutation } = api;

import { baseApi, contractMutation } from 'shared/api';
import { ENDPOINTS } from 'shared/contract';
import { MONEY_TAGS } from '#lib';

/** POST /funds/loanApply with an Idempotency-Key (a double tap never applies twice). */
const api = baseApi.injectEndpoints({
  endpoints: (build) => ({
    applyLoan: contractMutation(build, ENDPOINTS.loanApply, { invalidatesTags: [...MONEY_TAGS] }),
  }),
});

export const { useApplyLoanMutation } = api;

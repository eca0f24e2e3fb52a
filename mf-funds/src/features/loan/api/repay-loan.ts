import { baseApi, contractMutation } from 'shared/api';
import { ENDPOINTS } from 'shared/contract';
import { MONEY_TAGS } from '#lib';

/** POST /funds/loanRepay with an Idempotency-Key (a double tap never repays twice). */
const api = baseApi.injectEndpoints({
  endpoints: (build) => ({
    repayLoan: contractMutation(build, ENDPOINTS.loanRepay, { invalidatesTags: [...MONEY_TAGS] }),
  }),
});

export const { useRepayLoanMutation } = api;

import { baseApi, contractMutation } from 'shared/api';
import { ENDPOINTS } from 'shared/contract';

/**
 * POST /block/apply with an Idempotency-Key: lots, channel password and fund password; the cost is held while
 * the application waits for review. Balances, orders and positions refresh. The answer keeps the server's message
 * (block_applied) for the result sheet.
 */
const api = baseApi.injectEndpoints({
  endpoints: (build) => ({
    applyBlock: contractMutation(build, ENDPOINTS.blockApply, {
      invalidatesTags: ['Funds', 'Assets', 'User', 'Orders', 'Positions'],
      withMessage: true,
    }),
  }),
});

export const { useApplyBlockMutation } = api;

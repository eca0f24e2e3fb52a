import { baseApi, contractMutation } from 'shared/api';
import { ENDPOINTS } from 'shared/contract';
import { NEW_SHARE_MONEY_TAGS } from '../model/money-tags';

/**
 * POST /ipo/subscribe with an Idempotency-Key: price × quantity is held until the draw. The answer keeps the
 * server's message (subscribe_success) for the result sheet.
 */
const api = baseApi.injectEndpoints({
  endpoints: (build) => ({
    subscribeNewShare: contractMutation(build, ENDPOINTS.newShareSubscribe, {
      invalidatesTags: [...NEW_SHARE_MONEY_TAGS],
      withMessage: true,
    }),
  }),
});

export const { useSubscribeNewShareMutation } = api;

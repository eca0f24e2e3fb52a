import { baseApi, contractMutation } from 'shared/api';
import { ENDPOINTS } from 'shared/contract';
import { NEW_SHARE_MONEY_TAGS } from '../model/money-tags';

/**
 * POST /ipo/confirm with an Idempotency-Key and the fund password: pays the allotment, releases the rest. The
 * answer keeps the server's message (purchase_success) for the result sheet.
 */
const api = baseApi.injectEndpoints({
  endpoints: (build) => ({
    confirmNewShare: contractMutation(build, ENDPOINTS.newShareConfirm, {
      invalidatesTags: [...NEW_SHARE_MONEY_TAGS],
      withMessage: true,
    }),
  }),
});

export const { useConfirmNewShareMutation } = api;

import { baseApi, contractMutation } from 'shared/api';
import { ENDPOINTS } from 'shared/contract';
import { NEW_SHARE_MONEY_TAGS } from '../model/money-tags';

/** POST /ipo/decline with an Idempotency-Key: abstains from the allotment; the hold is released. */
const api = baseApi.injectEndpoints({
  endpoints: (build) => ({
    declineNewShare: contractMutation(build, ENDPOINTS.newShareDecline, {
      invalidatesTags: [...NEW_SHARE_MONEY_TAGS],
    }),
  }),
});

export const { useDeclineNewShareMutation } = api;

import { baseApi, contractMutation } from 'shared/api';
import { ENDPOINTS } from 'shared/contract';

/** POST /copy/follow with an Idempotency-Key and the fund password: the amount is held until the next close. */
const api = baseApi.injectEndpoints({
  endpoints: (build) => ({
    followCopyProduct: contractMutation(build, ENDPOINTS.copyFollow, {
      invalidatesTags: ['Products', 'Funds', 'Assets', 'User'],
    }),
  }),
});

export const { useFollowCopyProductMutation } = api;

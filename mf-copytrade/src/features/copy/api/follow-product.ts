import { baseApi, contractMutation } from 'shared/api';
import { ENDPOINTS } from 'shared/contract';

/** What a follow changes: the product's capacity and the reader's follows, balance and frozen funds. */
const FOLLOW_TAGS = ['Products', 'Funds', 'Assets', 'User'] as const;

/**
 * POST /copy/follow with an Idempotency-Key and the fund password: the amount is held until the next close. Only
 * an accepted follow re-reads the product: a refused one changed nothing, and re-reading a product whose deadline
 * just passed would swap the form, and the refusal with its way out, for the closed note before it could be read.
 */
const api = baseApi.injectEndpoints({
  endpoints: (build) => ({
    followCopyProduct: contractMutation(build, ENDPOINTS.copyFollow, {
      invalidatesTags: (result) => (result ? [...FOLLOW_TAGS] : []),
    }),
  }),
});

export const { useFollowCopyProductMutation } = api;

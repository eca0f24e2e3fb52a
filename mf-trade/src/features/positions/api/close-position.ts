import { baseApi, contractMutation } from 'shared/api';
import { ENDPOINTS } from 'shared/contract';
import { MONEY_TAGS } from '#lib';

/**
 * POST /trade/close: a holding position becomes "preparing to close" and the matcher closes it at
 * market; margin, P&L and the closing fee reach the balance, so every money figure refreshes. Answers the position
 * and the server's message (sell_success), which the result sheet shows.
 */
const api = baseApi.injectEndpoints({
  endpoints: (build) => ({
    closePosition: contractMutation(build, ENDPOINTS.closePosition, {
      invalidatesTags: [...MONEY_TAGS],
      withMessage: true,
    }),
  }),
});

export const { useClosePositionMutation } = api;

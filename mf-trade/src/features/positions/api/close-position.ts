import { baseApi, contractMutation } from 'shared/api';
import { ENDPOINTS } from 'shared/contract';
import { MONEY_TAGS } from '#lib';

/**
 * POST /trade/close: a holding position becomes "preparing to close" and the matcher closes it at
 * market; margin, P&L and the closing fee reach the balance, so every money figure refreshes.
 */
const api = baseApi.injectEndpoints({
  endpoints: (build) => ({
    closePosition: contractMutation(build, ENDPOINTS.closePosition, { invalidatesTags: [...MONEY_TAGS] }),
  }),
});

export const { useClosePositionMutation } = api;

import { baseApi } from 'shared/api';
import { ENDPOINTS, type DataOf } from 'shared/contract';
import { MONEY_TAGS } from '#lib';

/**
 * POST /trade/close: a holding position becomes "preparing to close" and the matcher closes it at
 * market; margin, P&L and the closing fee reach the balance, so every money figure refreshes.
 */
const api = baseApi.injectEndpoints({
  endpoints: (build) => ({
    closePosition: build.mutation<DataOf<'closePosition'>, number>({
      query: (id) => ({ url: ENDPOINTS.closePosition.path, data: { id } }),
      transformResponse: (data: unknown) => ENDPOINTS.closePosition.data.parse(data),
      invalidatesTags: [...MONEY_TAGS],
    }),
  }),
});

export const { useClosePositionMutation } = api;

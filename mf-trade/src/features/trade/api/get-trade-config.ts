import { baseApi } from 'shared/api';
import { ENDPOINTS, type DataOf } from 'shared/contract';
import type { Market } from 'shared/mf';

/**
 * POST /trade/config: leverage multiples, fee rate, T+1, the available balance in the market's
 * currency, the market status and whether the current risk disclosure was acknowledged. Money calls
 * invalidate `Assets`/`User`, so the available balance refreshes after an order.
 */
const api = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getTradeConfig: build.query<DataOf<'tradeConfig'>, Market>({
      query: (market) => ({ url: ENDPOINTS.tradeConfig.path, data: { market } }),
      transformResponse: (data: unknown) => ENDPOINTS.tradeConfig.data.parse(data),
      providesTags: ['Assets', 'User'],
    }),
  }),
});

export const { useGetTradeConfigQuery } = api;

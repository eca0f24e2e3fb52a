import { baseApi, contractQuery } from 'shared/api';
import { ENDPOINTS } from 'shared/contract';
import type { Market } from 'shared/mf';

/**
 * POST /trade/config: leverage multiples, fee rate, T+1, the available balance in the market's
 * currency, the market status and whether the current risk disclosure was acknowledged. Money calls
 * invalidate `Assets`/`User`, so the available balance refreshes after an order.
 */
const api = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getTradeConfig: contractQuery(build, ENDPOINTS.tradeConfig, {
      toBody: (market: Market) => ({ market }),
      providesTags: ['Assets', 'User'],
    }),
  }),
});

export const { useGetTradeConfigQuery } = api;

import { baseApi, contractQuery } from 'shared/api';
import { ENDPOINTS } from 'shared/contract';
import type { Language, Market } from 'shared/mf';

/**
 * POST /trade/usernewstocklist with the reader's language (stock names in it): every new-share subscription of a
 * market with its quantity, state and the amount it holds (spec §7 `type`; shared/remote-kit's hook sends no lang).
 */
const api = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getPositionSubscriptions: contractQuery(build, ENDPOINTS.newStockList, {
      toBody: ({ market, lang }: { market: Market; lang?: Language }) => ({ type: market, lang }),
      providesTags: ['NewShares'],
    }),
  }),
});

export const { useGetPositionSubscriptionsQuery } = api;

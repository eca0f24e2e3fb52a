import { baseApi, contractQuery } from 'shared/api';
import { ENDPOINTS } from 'shared/contract';
import type { Language, Market } from 'shared/mf';
import type { RecordsTab } from '../model/new-share-fields';

/**
 * POST /trade/usernewstocklist with its `tab`: every subscription of a market (records) or the drawn ones
 * (allotments), each with its quantity, amount, allotment and state.
 */
const api = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getNewShareSubscriptions: contractQuery(build, ENDPOINTS.newStockList, {
      toBody: ({ market, tab, lang }: { market: Market; tab: RecordsTab; lang?: Language }) => ({
        type: market,
        tab,
        lang,
      }),
      providesTags: ['NewShares'],
    }),
  }),
});

export const { useGetNewShareSubscriptionsQuery } = api;

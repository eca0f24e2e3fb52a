import { baseApi, contractQuery } from 'shared/api';
import { ENDPOINTS } from 'shared/contract';
import type { Language, Market } from 'shared/mf';

/**
 * POST /trade/userproductlist with the reader's language (product names in it): every copy-trade (follow) order of a
 * market with its amount, units, daily and total profit and lock-up end (spec §7 `type`; shared/remote-kit's hook
 * sends no lang).
 */
const api = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getPositionCopyOrders: contractQuery(build, ENDPOINTS.productList, {
      toBody: ({ market, lang }: { market: Market; lang?: Language }) => ({ type: market, lang }),
      providesTags: ['Products'],
    }),
  }),
});

export const { useGetPositionCopyOrdersQuery } = api;

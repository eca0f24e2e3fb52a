import { baseApi, contractQuery, type BodyOf } from 'shared/api';
import { ENDPOINTS } from 'shared/contract';

/** A market, `desc` (biggest gainers first) or `asc` (biggest losers first), how many, the names' language. */
export type MarketMoversArgs = Required<Pick<BodyOf<typeof ENDPOINTS.stockList>, 'market' | 'order' | 'size' | 'lang'>>;

/** POST /stock/list sorted by change %: a market's top movers and its main index. */
const api = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getMarketMovers: contractQuery(build, ENDPOINTS.stockList, {
      toBody: (args: MarketMoversArgs) => ({ ...args, sort: 'change_ratio' as const, page: 1 }),
      providesTags: ['Quotes'],
    }),
  }),
});

export const { useGetMarketMoversQuery } = api;

import { baseApi } from 'shared/api';
import { ENDPOINTS, type DataOf } from 'shared/contract';
import type { Language, Market } from 'shared/mf';

export interface MarketMoversArgs {
  market: Market;
  /** `desc`: biggest gainers first; `asc`: biggest losers first. */
  order: 'asc' | 'desc';
  size: number;
  lang: Language;
}

/** POST /stock/list sorted by change %: a market's top movers and its main index. */
const api = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getMarketMovers: build.query<DataOf<'stockList'>, MarketMoversArgs>({
      query: (args) => ({
        url: ENDPOINTS.stockList.path,
        data: {
          market: args.market,
          sort: 'change_ratio',
          order: args.order,
          page: 1,
          size: args.size,
          lang: args.lang,
        },
      }),
      transformResponse: (data: unknown) => ENDPOINTS.stockList.data.parse(data),
      providesTags: ['Quotes'],
    }),
  }),
});

export const { useGetMarketMoversQuery } = api;

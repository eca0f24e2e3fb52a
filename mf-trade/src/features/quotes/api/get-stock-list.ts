import { baseApi, contractInfiniteQuery, type BodyOf } from 'shared/api';
import { ENDPOINTS } from 'shared/contract';
import type { Market } from 'shared/mf';

/** Which list: a market's quotes sorted one way, `size` rows a page, names in `lang` (pages come from "load more"). */
export type StockListFilter = Omit<BodyOf<typeof ENDPOINTS.stockList>, 'page' | 'market'> & { market: Market };

/** POST /stock/list page by page ("load more"): a market's quotes, sorted, with the market's main index. */
const api = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getStockList: contractInfiniteQuery(
      build,
      ENDPOINTS.stockList,
      (filter: StockListFilter, page) => ({
        ...filter,
        page,
      }),
      { providesTags: ['Quotes'] },
    ),
  }),
});

export const { useGetStockListInfiniteQuery } = api;

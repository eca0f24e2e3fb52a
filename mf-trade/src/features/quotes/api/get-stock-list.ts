import { baseApi } from 'shared/api';
import { ENDPOINTS, type DataOf, type ListSort } from 'shared/contract';
import type { Language, Market } from 'shared/mf';

export interface StockListArgs {
  market: Market;
  sort: ListSort;
  order: 'asc' | 'desc';
  page: number;
  size: number;
  lang: Language;
}

/** POST /stock/list: one page of a market's quotes, sorted, with the market's main index. */
const api = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getStockList: build.query<DataOf<'stockList'>, StockListArgs>({
      query: (args) => ({ url: ENDPOINTS.stockList.path, data: { ...args } }),
      transformResponse: (data: unknown) => ENDPOINTS.stockList.data.parse(data),
      providesTags: ['Quotes'],
    }),
  }),
});

export const { useGetStockListQuery } = api;

import { baseApi } from 'shared/api';
import { ENDPOINTS, type DataOf } from 'shared/contract';
import type { Language, Market } from 'shared/mf';

/** POST /stock/detail: one quote with limits and market status. */
const api = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getStockDetail: build.query<DataOf<'stockDetail'>, { code: string; market: Market; lang: Language }>({
      query: (args) => ({ url: ENDPOINTS.stockDetail.path, data: { ...args } }),
      transformResponse: (data: unknown) => ENDPOINTS.stockDetail.data.parse(data),
      providesTags: ['Quotes'],
    }),
  }),
});

export const { useGetStockDetailQuery } = api;

import { baseApi } from 'shared/api';
import { ENDPOINTS, type DataOf } from 'shared/contract';
import type { Language } from 'shared/mf';

/** POST /stock/search: stocks whose code or name (zh-CN, en or ja) matches `q`, across markets. */
const api = baseApi.injectEndpoints({
  endpoints: (build) => ({
    searchStocks: build.query<DataOf<'stockSearch'>, { q: string; lang: Language }>({
      query: (args) => ({ url: ENDPOINTS.stockSearch.path, data: { ...args } }),
      transformResponse: (data: unknown) => ENDPOINTS.stockSearch.data.parse(data),
    }),
  }),
});

export const { useSearchStocksQuery } = api;

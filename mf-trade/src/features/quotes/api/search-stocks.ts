import { baseApi, contractQuery } from 'shared/api';
import { ENDPOINTS } from 'shared/contract';

/** POST /stock/search: stocks whose code or name (zh-CN, en or ja) matches `q`, across markets. */
const api = baseApi.injectEndpoints({
  endpoints: (build) => ({
    searchStocks: contractQuery(build, ENDPOINTS.stockSearch),
  }),
});

export const { useSearchStocksQuery } = api;

import { baseApi, contractQuery } from 'shared/api';
import { ENDPOINTS } from 'shared/contract';

/** POST /stock/detail: one quote with limits and market status. */
const api = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getStockDetail: contractQuery(build, ENDPOINTS.stockDetail, { providesTags: ['Quotes'] }),
  }),
});

export const { useGetStockDetailQuery } = api;

import { baseApi, contractQuery, type BodyOf } from 'shared/api';
import { ENDPOINTS } from 'shared/contract';

/** POST /stock/list: one page of a market's quotes, sorted, with the market's main index. */
const api = baseApi.injectEndpoints({
  endpoints: (build) => ({
    // The body is the argument (typed explicitly: every field of it has a default).
    getStockList: contractQuery<typeof ENDPOINTS.stockList, BodyOf<typeof ENDPOINTS.stockList>>(
      build,
      ENDPOINTS.stockList,
      {
        providesTags: ['Quotes'],
      },
    ),
  }),
});

export const { useGetStockListQuery } = api;

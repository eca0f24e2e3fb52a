import { baseApi, contractQuery } from 'shared/api';
import { ENDPOINTS } from 'shared/contract';

/** POST /stock/depth: a stock's order book, five levels a side (docs/decisions/0021). */
const api = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getStockDepth: contractQuery(build, ENDPOINTS.stockDepth),
  }),
});

export const { useGetStockDepthQuery } = api;

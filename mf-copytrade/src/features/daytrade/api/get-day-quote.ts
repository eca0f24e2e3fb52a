import { baseApi, contractQuery } from 'shared/api';
import { ENDPOINTS } from 'shared/contract';

/**
 * POST /stock/detail for the day-trade order form: the stock's name, last price (a market order's notional),
 * today's price limits and whether the data is simulated.
 */
const api = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getDayQuote: contractQuery(build, ENDPOINTS.stockDetail, { providesTags: ['Quotes'] }),
  }),
});

export const { useGetDayQuoteQuery } = api;

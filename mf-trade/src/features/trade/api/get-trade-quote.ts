import { baseApi, contractQuery } from 'shared/api';
import { ENDPOINTS } from 'shared/contract';

/**
 * POST /stock/detail for the trade form: the last price (a market order's estimate), today's price
 * limits, the market status and the next open. Used only when the screen composing the form does
 * not hand it a quote.
 */
const api = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getTradeQuote: contractQuery(build, ENDPOINTS.stockDetail, { providesTags: ['Quotes'] }),
  }),
});

export const { useGetTradeQuoteQuery } = api;

import { baseApi } from 'shared/api';
import { ENDPOINTS, type Quote } from 'shared/contract';
import type { Market } from 'shared/mf';

/**
 * POST /stock/detail for the trade form: the last price (a market order's estimate), today's price
 * limits, the market status and the next open. Used only when the screen composing the form does
 * not hand it a quote.
 */
const api = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getTradeQuote: build.query<Quote, { code: string; market: Market; lang?: string }>({
      query: ({ code, market, lang }) => ({ url: ENDPOINTS.stockDetail.path, data: { code, market, lang } }),
      transformResponse: (data: unknown) => ENDPOINTS.stockDetail.data.parse(data),
      providesTags: ['Quotes'],
    }),
  }),
});

export const { useGetTradeQuoteQuery } = api;

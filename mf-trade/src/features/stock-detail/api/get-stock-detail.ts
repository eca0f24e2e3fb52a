import type { Language } from 'shared/mf';
import { baseApi, contractQuery } from 'shared/api';
import { ENDPOINTS } from 'shared/contract';
import type { StockRef } from '../model/stock-ref';

/** POST /stock/detail: one quote with limits and market status. */
export const stockDetailApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getStockDetail: contractQuery(build, ENDPOINTS.stockDetail, { providesTags: ['Quotes'] }),
  }),
});

export const { useGetStockDetailQuery } = stockDetailApi;

/** The stock page's quote request (the names in the reader's language). */
export function detailArgs(stock: StockRef, language: Language) {
  return { code: stock.code, market: stock.market, lang: language };
}

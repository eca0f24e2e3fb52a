import { baseApi, contractInfiniteQuery } from 'shared/api';
import { ENDPOINTS } from 'shared/contract';
import type { Language, Market } from 'shared/mf';

/** Products per page of "load more". */
export const PRODUCTS_PAGE_SIZE = 20;

export interface ProductListArgs {
  market: Market;
  lang?: Language;
}

/** POST /copy/list: the copy-trading products of one market with their unit value and past return, page by page. */
const api = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getCopyProducts: contractInfiniteQuery(
      build,
      ENDPOINTS.copyList,
      ({ market, lang }: ProductListArgs, page) => ({ type: market, page, size: PRODUCTS_PAGE_SIZE, lang }),
      { providesTags: ['Products'] },
    ),
  }),
});

export const { useGetCopyProductsInfiniteQuery } = api;

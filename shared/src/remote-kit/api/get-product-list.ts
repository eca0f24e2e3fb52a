import { baseApi, contractQuery } from 'shared/api';
import { ENDPOINTS } from '../../contract/endpoints';
import type { Market } from '../../mf';

/**
 * POST /trade/userproductlist (spec §7): the user's copy-trade orders (status 0 active), checked
 * against the contract. Declared once for every remote that lists them (mf_copytrade's follow
 * orders, mf_trade's positions tab). `overrideExisting`: see get-new-stock-list.ts.
 */
export const productListApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getProductList: contractQuery(build, ENDPOINTS.productList, {
      toBody: (type: Market) => ({ type }),
      providesTags: ['Products'],
    }),
  }),
  overrideExisting: true,
});

export const { useGetProductListQuery } = productListApi;

import { baseApi, contractQuery } from 'shared/api';
import { ENDPOINTS } from '../../contract/endpoints';
import type { Market } from '../../mf';

/**
 * POST /trade/userproductlist (spec §7): the user's copy-trade orders (status 0 active), checked
 * against the contract. Declared once for every remote that lists them (mf_copytrade's follow
 * orders, mf_trade's positions tab).
 *
 * `overrideExisting`: each remote bundles its own copy of this module and injects it into the one
 * `baseApi` singleton; the definitions are identical, so a later copy replacing an earlier one
 * changes nothing (and avoids RTK's development warning about a second injection).
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

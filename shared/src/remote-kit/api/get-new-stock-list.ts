import { baseApi, contractQuery } from 'shared/api';
import { ENDPOINTS } from '../../contract/endpoints';
import type { Market } from '../../mf';

/**
 * POST /trade/usernewstocklist (spec §7): the user's new-share subscriptions (status 1 counted,
 * rjmoney '-' = 0), checked against the contract. Declared once for every remote that lists them
 * (mf_ipo's orders, mf_trade's positions tab), so they share one cache entry and one tag.
 *
 * `overrideExisting`: each remote bundles its own copy of this module and injects it into the one
 * `baseApi` singleton; the definitions are identical, so a later copy replacing an earlier one
 * changes nothing (and avoids RTK's development warning about a second injection).
 */
export const newStockListApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getNewStockList: contractQuery(build, ENDPOINTS.newStockList, {
      toBody: (type: Market) => ({ type }),
      providesTags: ['NewShares'],
    }),
  }),
  overrideExisting: true,
});

export const { useGetNewStockListQuery } = newStockListApi;

import { baseApi, contractQuery } from 'shared/api';
import { ENDPOINTS } from 'shared/contract';

/**
 * POST /trade/preview (issue 35): what placing the order now would freeze and why, by the server's placement rule.
 * Asked when the confirmation opens; an order's money changes invalidate it (Assets), so it is never reused stale.
 */
const api = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getOrderPreview: contractQuery(build, ENDPOINTS.previewOrder, { providesTags: ['Assets'] }),
  }),
});

export const { useGetOrderPreviewQuery } = api;

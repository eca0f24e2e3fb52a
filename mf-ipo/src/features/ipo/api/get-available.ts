import { baseApi, contractQuery } from 'shared/api';
import { ENDPOINTS } from 'shared/contract';
import type { NewShareIssue } from 'shared/contract';

/**
 * POST /user/getUserinfo with type = the issue's market: the available balance the subscription form shows
 * before subscribing (issue 35). Tagged like the money calls, so a subscription or a payment re-reads it.
 */
const api = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getNewShareAvailable: contractQuery(build, ENDPOINTS.userInfo, {
      toBody: (type: NewShareIssue['market']) => ({ type }),
      providesTags: ['User', 'Assets'],
    }),
  }),
});

export const { useGetNewShareAvailableQuery } = api;

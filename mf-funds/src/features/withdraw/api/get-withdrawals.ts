import type { z } from 'zod';
import { baseApi } from 'shared/api';
import { ENDPOINTS, type withdrawalList } from 'shared/contract';
import type { Market } from 'shared/mf';

/** POST /user/withdrawallist (spec §7): the user's withdrawals, status 0 pending. */
const api = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getWithdrawals: build.query<z.infer<typeof withdrawalList>, Market>({
      query: (type) => ({ url: ENDPOINTS.withdrawalList.path, data: { type } }),
      transformResponse: (data: unknown) => ENDPOINTS.withdrawalList.data.parse(data),
      providesTags: ['Funds'],
    }),
  }),
});

export const { useGetWithdrawalsQuery } = api;

import type { z } from 'zod';
import { baseApi } from 'shared/api';
import { ENDPOINTS, type holdingsHistoryAnswer } from 'shared/contract';
import type { Market } from 'shared/mf';

/** POST /trade/userstocklists (spec §7): closed holdings with the realised P&L lsyk. */
const api = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getHoldingsHistory: build.query<z.infer<typeof holdingsHistoryAnswer>, Market>({
      query: (type) => ({ url: ENDPOINTS.holdingsHistory.path, data: { type } }),
      transformResponse: (data: unknown) => ENDPOINTS.holdingsHistory.data.parse(data),
      providesTags: ['Positions'],
    }),
  }),
});

export const { useGetHoldingsHistoryQuery } = api;

import type { z } from 'zod';
import { baseApi } from 'shared/api';
import { ENDPOINTS, type holdingsAnswer } from 'shared/contract';
import type { Market } from 'shared/mf';

/** POST /trade/userstocklist (spec §7): open holdings keyed by id, with ccsz and fdyk. */
const api = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getHoldings: build.query<z.infer<typeof holdingsAnswer>, Market>({
      query: (type) => ({ url: ENDPOINTS.holdings.path, data: { type } }),
      transformResponse: (data: unknown) => ENDPOINTS.holdings.data.parse(data),
      providesTags: ['Positions'],
    }),
  }),
});

export const { useGetHoldingsQuery } = api;

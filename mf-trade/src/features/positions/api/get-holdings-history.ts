import type { z } from 'zod';
import { baseApi } from 'shared/api';
import { ENDPOINTS, type holdingsHistoryAnswer } from 'shared/contract';
import type { Market } from 'shared/mf';

/** POST /trade/userstocklists (spec §7): closed holdings with the realised P&L lsyk. */
const api = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getHoldingsHistory: build.query<z.infer<typeof holdingsHistoryAnswer>, { market: Market; lang: string }>({
      // `type` is spec §7's market field; `lang` names the stocks in the reader's language.
      query: ({ market, lang }) => ({ url: ENDPOINTS.holdingsHistory.path, data: { type: market, lang } }),
      transformResponse: (data: unknown) => ENDPOINTS.holdingsHistory.data.parse(data),
      providesTags: ['Positions'],
    }),
  }),
});

export const { useGetHoldingsHistoryQuery } = api;

import type { z } from 'zod';
import { baseApi } from 'shared/api';
import { ENDPOINTS, type holdingsAnswer } from 'shared/contract';
import type { Market } from 'shared/mf';

/** POST /trade/userstocklist (spec §7): open holdings keyed by id, with ccsz and fdyk. */
const api = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getHoldings: build.query<z.infer<typeof holdingsAnswer>, { market: Market; lang: string }>({
      // `type` is spec §7's market field; `lang` names the stocks in the reader's language.
      query: ({ market, lang }) => ({ url: ENDPOINTS.holdings.path, data: { type: market, lang } }),
      transformResponse: (data: unknown) => ENDPOINTS.holdings.data.parse(data),
      providesTags: ['Positions'],
    }),
  }),
});

export const { useGetHoldingsQuery } = api;

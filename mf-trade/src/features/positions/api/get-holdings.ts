import { baseApi, contractQuery } from 'shared/api';
import { ENDPOINTS } from 'shared/contract';
import type { Language, Market } from 'shared/mf';

/** POST /trade/userstocklist (spec §7): open holdings keyed by id, with ccsz and fdyk. */
const api = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getHoldings: contractQuery(build, ENDPOINTS.holdings, {
      // `type` is spec §7's market field; `lang` names the stocks in the reader's language.
      toBody: ({ market, lang }: { market: Market; lang: Language }) => ({ type: market, lang }),
      providesTags: ['Positions'],
    }),
  }),
});

export const { useGetHoldingsQuery } = api;

import { baseApi, contractQuery } from 'shared/api';
import { ENDPOINTS } from 'shared/contract';
import type { Language, Market } from 'shared/mf';

/** POST /trade/userstocklists (spec §7): closed holdings with the realised P&L lsyk. */
const api = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getHoldingsHistory: contractQuery(build, ENDPOINTS.holdingsHistory, {
      // `type` is spec §7's market field; `lang` names the stocks in the reader's language.
      toBody: ({ market, lang }: { market: Market; lang: Language }) => ({ type: market, lang }),
      providesTags: ['Positions'],
    }),
  }),
});

export const { useGetHoldingsHistoryQuery } = api;

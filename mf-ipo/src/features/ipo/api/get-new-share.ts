import { baseApi, contractQuery } from 'shared/api';
import { ENDPOINTS } from 'shared/contract';
import type { Language } from 'shared/mf';

/** POST /ipo/info: one issue with every field, the reader's own subscription and the draw's verification data. */
const api = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getNewShare: contractQuery(build, ENDPOINTS.newShareInfo, {
      toBody: ({ id, lang }: { id: number; lang?: Language }) => ({ id, lang }),
      providesTags: ['NewShares'],
    }),
  }),
});

export const { useGetNewShareQuery } = api;

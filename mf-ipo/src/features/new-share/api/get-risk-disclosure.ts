import { baseApi, contractQuery } from 'shared/api';
import { ENDPOINTS } from 'shared/contract';
import type { Language } from 'shared/mf';

/** POST /ipo/riskDisclosure: the new-share risk disclosure's current version in the session language. */
const api = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getNewShareRiskDisclosure: contractQuery(build, ENDPOINTS.newShareRiskDisclosure, {
      toBody: (lang: Language | undefined) => ({ lang }),
      providesTags: ['User'],
    }),
  }),
});

export const { useGetNewShareRiskDisclosureQuery } = api;

import { baseApi, contractQuery } from 'shared/api';
import { ENDPOINTS } from 'shared/contract';
import type { Language } from 'shared/mf';

/** POST /trade/riskDisclosure: the current version's text in the session language. */
const api = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getRiskDisclosure: contractQuery(build, ENDPOINTS.riskDisclosure, {
      toBody: (lang: Language) => ({ lang }),
      providesTags: ['User'],
    }),
  }),
});

export const { useGetRiskDisclosureQuery } = api;

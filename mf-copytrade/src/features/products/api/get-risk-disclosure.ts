import { baseApi, contractQuery } from 'shared/api';
import { ENDPOINTS } from 'shared/contract';
import type { Language } from 'shared/mf';

/** POST /copy/riskDisclosure: the copy-trading risk disclosure's current version in the session language. */
const api = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getCopyRiskDisclosure: contractQuery(build, ENDPOINTS.copyRiskDisclosure, {
      toBody: (lang: Language | undefined) => ({ lang }),
      providesTags: ['User'],
    }),
  }),
});

export const { useGetCopyRiskDisclosureQuery } = api;

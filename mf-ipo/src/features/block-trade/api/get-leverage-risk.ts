import { baseApi, contractQuery } from 'shared/api';
import { ENDPOINTS } from 'shared/contract';
import type { Language } from 'shared/mf';

/**
 * POST /trade/riskDisclosure: the leverage risk disclosure (the one margin trading asks for), which a financing
 * block needs acknowledged once: its versioned text in the reader's language.
 */
const api = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getBlockLeverageRisk: contractQuery(build, ENDPOINTS.riskDisclosure, {
      toBody: (lang: Language) => ({ lang }),
      providesTags: ['Config'],
    }),
  }),
});

export const { useGetBlockLeverageRiskQuery } = api;

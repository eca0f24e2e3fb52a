import { baseApi } from 'shared/api';
import { ENDPOINTS, type DataOf } from 'shared/contract';

/** POST /trade/riskDisclosure: the current version's text in the session language. */
const api = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getRiskDisclosure: build.query<DataOf<'riskDisclosure'>, string>({
      query: (lang) => ({ url: ENDPOINTS.riskDisclosure.path, data: { lang } }),
      transformResponse: (data: unknown) => ENDPOINTS.riskDisclosure.data.parse(data),
      providesTags: ['User'],
    }),
  }),
});

export const { useGetRiskDisclosureQuery } = api;

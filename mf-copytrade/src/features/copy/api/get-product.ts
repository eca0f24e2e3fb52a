import { baseApi, contractQuery } from 'shared/api';
import { ENDPOINTS } from 'shared/contract';
import type { Language } from 'shared/mf';

/** POST /copy/info: one product with its holdings, its daily unit-value history and the reader's follows. */
const api = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getCopyProduct: contractQuery(build, ENDPOINTS.copyInfo, {
      toBody: ({ id, lang }: { id: number; lang?: Language }) => ({ id, lang }),
      providesTags: ['Products'],
    }),
  }),
});

export const { useGetCopyProductQuery } = api;

import { baseApi } from 'shared/api';
import { ENDPOINTS, type DataOf } from 'shared/contract';

/** POST /funds/channels: the receiving accounts, the deposit maximum and hours (site config). */
const api = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getDepositChannels: build.query<DataOf<'depositChannels'>, void>({
      query: () => ({ url: ENDPOINTS.depositChannels.path }),
      transformResponse: (data: unknown) => ENDPOINTS.depositChannels.data.parse(data),
      providesTags: ['Config'],
    }),
  }),
});

export const { useGetDepositChannelsQuery } = api;

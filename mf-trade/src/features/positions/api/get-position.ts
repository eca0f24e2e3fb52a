import { baseApi } from 'shared/api';
import { ENDPOINTS, type DataOf } from 'shared/contract';

/** POST /trade/position: one order or position with every field of spec §3 Position. */
const api = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getPosition: build.query<DataOf<'position'>, { id: number; lang: string }>({
      query: ({ id, lang }) => ({ url: ENDPOINTS.position.path, data: { id, lang } }),
      transformResponse: (data: unknown) => ENDPOINTS.position.data.parse(data),
      providesTags: ['Positions'],
    }),
  }),
});

export const { useGetPositionQuery } = api;

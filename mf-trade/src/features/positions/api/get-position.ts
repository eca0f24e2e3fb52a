import { baseApi, contractQuery } from 'shared/api';
import { ENDPOINTS } from 'shared/contract';

/** POST /trade/position: one order or position with every field of spec §3 Position. */
const api = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getPosition: contractQuery(build, ENDPOINTS.position, { providesTags: ['Positions'] }),
  }),
});

export const { useGetPositionQuery } = api;

import { baseApi, contractQuery } from 'shared/api';
import { ENDPOINTS } from 'shared/contract';

/** POST /block/info: one listing with every field of the detail (and whether wrong passwords locked it). */
const api = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getBlockInfo: contractQuery(build, ENDPOINTS.blockInfo, { providesTags: ['Orders'] }),
  }),
});

export const { useGetBlockInfoQuery } = api;

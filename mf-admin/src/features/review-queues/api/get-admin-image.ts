import { baseApi, contractQuery } from 'shared/api';
import { ENDPOINTS } from 'shared/contract';

/** POST /admin/image: an uploaded image (deposit proof, ID front or back) as a data URL; the server audits the view. */
const api = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getAdminImage: contractQuery(build, ENDPOINTS.adminImage),
  }),
});

export const { useGetAdminImageQuery } = api;

import { baseApi, contractQuery } from 'shared/api';
import { ENDPOINTS } from 'shared/contract';

/**
 * POST /user/image: one of the user's own uploads (a deposit's transfer proof) as a data URL, fetched
 * through the host's HTTP client with the session headers (another user's image answers not_found).
 */
const api = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getOwnImage: contractQuery(build, ENDPOINTS.image, { toBody: (id: string) => ({ id }), keepUnusedDataFor: 30 }),
  }),
});

export const { useGetOwnImageQuery } = api;

import { baseApi, contractQuery } from 'shared/api';
import { ENDPOINTS } from 'shared/contract';

/**
 * POST /user/image: one of the user's own uploads (a submitted ID side) as a data URL, fetched
 * through the host's HTTP client with the session headers (another user's image is not_found).
 */
const api = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getOwnIdImage: contractQuery(build, ENDPOINTS.image, { toBody: (id: string) => ({ id }), keepUnusedDataFor: 60 }),
  }),
});

export const { useGetOwnIdImageQuery } = api;

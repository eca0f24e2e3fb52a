import { baseApi, contractQuery } from 'shared/api';
import { ENDPOINTS } from 'shared/contract';

/**
 * POST /lending/overview: the holdings lent to the house (securities lending). A lent holding, and a recalled one
 * until its shares come back, cannot be closed: the lists and the detail mark it and offer no Close.
 */
const api = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getPositionsLending: contractQuery(build, ENDPOINTS.lendingOverview, { providesTags: ['Positions'] }),
  }),
});

export const { useGetPositionsLendingQuery } = api;

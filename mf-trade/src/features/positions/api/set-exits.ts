import { baseApi, contractMutation, type BodyOf } from 'shared/api';
import { ENDPOINTS } from 'shared/contract';

/** The body of POST /trade/exits (shared/contract setExitsRequest): an empty string clears an exit. */
export type SetExitsBody = BodyOf<typeof ENDPOINTS.setExits>;

/** POST /trade/exits: sets or clears a holding position's take-profit and stop-loss; the position refreshes. */
const api = baseApi.injectEndpoints({
  endpoints: (build) => ({
    setPositionExits: contractMutation(build, ENDPOINTS.setExits, { invalidatesTags: ['Positions', 'Orders'] }),
  }),
});

export const { useSetPositionExitsMutation } = api;

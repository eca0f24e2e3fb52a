import { baseApi, contractQuery } from 'shared/api';
import { ENDPOINTS } from 'shared/contract';

/** Lines per page read for the verification (the contract's largest page). */
export const DRAW_PAGE_SIZE = 1000;

/**
 * POST /ipo/draw: one page of the published draw (anonymised application numbers, units applied and
 * allotted, the seed). Read on demand by the verification, every page, never cached for long.
 */
const api = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getNewShareDraw: contractQuery(build, ENDPOINTS.newShareDraw, {
      toBody: ({ id, page }: { id: number; page: number }) => ({ id, page, size: DRAW_PAGE_SIZE }),
      keepUnusedDataFor: 0,
    }),
  }),
});

export const { useLazyGetNewShareDrawQuery } = api;

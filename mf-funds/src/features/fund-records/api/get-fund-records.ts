import { baseApi, contractInfiniteQuery } from 'shared/api';
import { ENDPOINTS, type FUND_RECORD_TYPES } from 'shared/contract';

/** A type of fund record the list can be filtered by. */
export type RecordType = (typeof FUND_RECORD_TYPES)[number];

/** Rows per page of "load more". */
export const RECORDS_PAGE_SIZE = 20;

/**
 * POST /funds/records: fund records read from the ledger (type, order number, signed amount,
 * currency, time), a "load more" list of pages of the type filter (undefined: every type).
 */
const api = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getFundRecords: contractInfiniteQuery(
      build,
      ENDPOINTS.records,
      (type: RecordType | undefined, page) => ({ page, size: RECORDS_PAGE_SIZE, type }),
      { providesTags: ['Funds'] },
    ),
  }),
});

export const { useGetFundRecordsInfiniteQuery } = api;

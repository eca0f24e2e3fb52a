import { baseApi } from 'shared/api';
import { ENDPOINTS, type DataOf, type FUND_RECORD_TYPES } from 'shared/contract';

export interface FundRecordsArgs {
  page: number;
  size: number;
  type?: (typeof FUND_RECORD_TYPES)[number];
}

/** POST /funds/records: one page of fund records read from the ledger (type, order number, signed amount, currency, time). */
const api = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getFundRecords: build.query<DataOf<'records'>, FundRecordsArgs>({
      query: (args) => ({ url: ENDPOINTS.records.path, data: { page: args.page, size: args.size, type: args.type } }),
      transformResponse: (data: unknown) => ENDPOINTS.records.data.parse(data),
      providesTags: ['Funds'],
    }),
  }),
});

export const { useGetFundRecordsQuery } = api;

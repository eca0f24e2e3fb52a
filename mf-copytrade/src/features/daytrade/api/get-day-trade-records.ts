import { baseApi, contractInfiniteQuery } from 'shared/api';
import { ENDPOINTS } from 'shared/contract';
import type { Language } from 'shared/mf';

/** Applications per page of "load more". */
export const RECORDS_PAGE_SIZE = 20;

/** POST /daytrade/list: the reader's applications of every market, newest first, page by page. */
const api = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getDayTradeRecords: contractInfiniteQuery(
      build,
      ENDPOINTS.dayTradeList,
      (lang: Language | undefined, page) => ({ status: 'all' as const, page, size: RECORDS_PAGE_SIZE, lang }),
      { providesTags: ['Orders'] },
    ),
  }),
});

export const { useGetDayTradeRecordsInfiniteQuery } = api;

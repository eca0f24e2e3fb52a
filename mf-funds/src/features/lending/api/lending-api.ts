import { baseApi, contractMutation, contractQuery } from 'shared/api';
import { ENDPOINTS } from 'shared/contract';
import { MONEY_TAGS } from '#lib';

/**
 * Securities lending and borrowing (/lending/…, docs/decisions/0023): the holdings that may be lent with their
 * rate and the lendings; lend (Idempotency-Key) and recall; the price of a borrowing, borrow and return
 * (Idempotency-Key) and the credit-stock orders. Every money call refreshes the money views.
 */
const api = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getLendingOverview: contractQuery(build, ENDPOINTS.lendingOverview, { providesTags: ['Funds'] }),
    lend: contractMutation(build, ENDPOINTS.lend, { invalidatesTags: [...MONEY_TAGS] }),
    recall: contractMutation(build, ENDPOINTS.recall, { invalidatesTags: [...MONEY_TAGS] }),
    getBorrowQuote: contractQuery(build, ENDPOINTS.borrowQuote, { providesTags: ['Funds'] }),
    borrow: contractMutation(build, ENDPOINTS.borrow, { invalidatesTags: [...MONEY_TAGS] }),
    returnBorrowing: contractMutation(build, ENDPOINTS.borrowReturn, { invalidatesTags: [...MONEY_TAGS] }),
    getBorrowings: contractQuery(build, ENDPOINTS.borrowings, { providesTags: ['Funds'] }),
  }),
});

export const {
  useGetLendingOverviewQuery,
  useLendMutation,
  useRecallMutation,
  useGetBorrowQuoteQuery,
  useBorrowMutation,
  useReturnBorrowingMutation,
  useGetBorrowingsQuery,
} = api;

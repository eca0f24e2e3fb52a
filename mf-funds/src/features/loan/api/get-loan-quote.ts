import { baseApi, contractQuery } from 'shared/api';
import { ENDPOINTS } from 'shared/contract';

/**
 * POST /funds/loanQuote: the price of a loan before applying (annual rate, terms on offer, interest for
 * the term, total to repay, due date if approved now), computed by the server.
 */
const api = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getLoanQuote: contractQuery(build, ENDPOINTS.loanQuote),
  }),
});

export const { useGetLoanQuoteQuery } = api;

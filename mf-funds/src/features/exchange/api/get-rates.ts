import { baseApi, contractQuery } from 'shared/api';
import { ENDPOINTS } from 'shared/contract';

/** POST /funds/rates: mid rate and spread of every pair; polled while the exchange screen is open. */
const api = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getExchangeRates: contractQuery(build, ENDPOINTS.rates, { providesTags: ['Quotes'] }),
  }),
});

export const { useGetExchangeRatesQuery } = api;

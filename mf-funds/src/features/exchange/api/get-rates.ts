import { baseApi } from 'shared/api';
import { ENDPOINTS, type DataOf } from 'shared/contract';

/** POST /funds/rates: mid rate and spread of every pair; polled while the exchange screen is open. */
const api = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getExchangeRates: build.query<DataOf<'rates'>, void>({
      query: () => ({ url: ENDPOINTS.rates.path }),
      transformResponse: (data: unknown) => ENDPOINTS.rates.data.parse(data),
      providesTags: ['Quotes'],
    }),
  }),
});

export const { useGetExchangeRatesQuery } = api;

import { baseApi, contractQuery } from 'shared/api';
import { ENDPOINTS } from 'shared/contract';
import type { Language } from 'shared/mf';

/** POST /daytrade/config: the allowance multiple and, per market, whether it is open to day trading and its terms. */
const api = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getDayTradeConfig: contractQuery(build, ENDPOINTS.dayTradeConfig, {
      toBody: (lang: Language | undefined) => ({ lang }),
      providesTags: ['Config', 'Funds'],
    }),
  }),
});

export const { useGetDayTradeConfigQuery } = api;

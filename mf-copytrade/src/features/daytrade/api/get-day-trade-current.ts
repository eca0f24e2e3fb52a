import { baseApi, contractQuery } from 'shared/api';
import { ENDPOINTS } from 'shared/contract';
import type { Language } from 'shared/mf';

/** POST /daytrade/current: per market, the application for its current trade date with its orders (live P&L). */
const api = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getDayTradeCurrent: contractQuery(build, ENDPOINTS.dayTradeCurrent, {
      toBody: (lang: Language | undefined) => ({ lang }),
      providesTags: ['Orders', 'Positions'],
    }),
  }),
});

export const { useGetDayTradeCurrentQuery } = api;

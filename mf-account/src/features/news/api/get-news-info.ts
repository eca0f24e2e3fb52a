import { baseApi, contractQuery } from 'shared/api';
import { ENDPOINTS } from 'shared/contract';
import type { Language } from 'shared/mf';

type NewsArgs = { id: number; lang: Language };

/** POST /news/info: one article in the session language. */
export const newsInfoApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getNewsInfo: contractQuery(build, ENDPOINTS.newsInfo, {
      toBody: (args: NewsArgs) => args,
      providesTags: (_result, _error, args: NewsArgs) => [{ type: 'News', id: args.id }],
    }),
  }),
});

export const { useGetNewsInfoQuery } = newsInfoApi;

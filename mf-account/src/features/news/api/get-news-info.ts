import { baseApi } from 'shared/api';
import { ENDPOINTS, type DataOf } from 'shared/contract';
import type { Language } from 'shared/mf';

/** POST /news/info: one article in the session language. */
export const newsInfoApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getNewsInfo: build.query<DataOf<'newsInfo'>, { id: number; lang: Language }>({
      query: (args) => ({ url: ENDPOINTS.newsInfo.path, data: { ...args } }),
      transformResponse: (data: unknown) => ENDPOINTS.newsInfo.data.parse(data),
      providesTags: (_result, _error, args) => [{ type: 'News', id: args.id }],
    }),
  }),
});

export const { useGetNewsInfoQuery } = newsInfoApi;

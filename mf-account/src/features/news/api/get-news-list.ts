import { baseApi } from 'shared/api';
import { ENDPOINTS, type DataOf } from 'shared/contract';
import type { Language } from 'shared/mf';

/** POST /news/list: one page of news in the session language. */
export const newsListApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getNewsList: build.query<DataOf<'newsList'>, { page: number; size: number; lang: Language }>({
      query: (args) => ({ url: ENDPOINTS.newsList.path, data: { ...args } }),
      transformResponse: (data: unknown) => ENDPOINTS.newsList.data.parse(data),
      providesTags: ['News'],
    }),
  }),
});

export const { useGetNewsListQuery } = newsListApi;

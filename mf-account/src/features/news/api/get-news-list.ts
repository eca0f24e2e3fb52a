import { baseApi, contractInfiniteQuery } from 'shared/api';
import { ENDPOINTS } from 'shared/contract';
import type { Language } from 'shared/mf';

/** Articles a page of the news list holds. */
const PAGE_SIZE = 20;

/** POST /news/list: the news in the session language (the argument), page by page ("load more"). */
export const newsListApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getNewsList: contractInfiniteQuery(
      build,
      ENDPOINTS.newsList,
      (lang: Language, page) => ({ page, size: PAGE_SIZE, lang }),
      { providesTags: ['News'] },
    ),
  }),
});

export const { useGetNewsListInfiniteQuery } = newsListApi;

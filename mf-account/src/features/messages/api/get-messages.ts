import { baseApi, contractInfiniteQuery } from 'shared/api';
import { ENDPOINTS } from 'shared/contract';
import type { Language } from 'shared/mf';

/** Messages a page of the inbox holds. */
const PAGE_SIZE = 20;

/**
 * POST /user/messages: the inbox page by page ("load more"), each page with the total and the unread
 * count. The argument is the session language: the server renders the notices in it.
 */
export const messagesApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getMessages: contractInfiniteQuery(
      build,
      ENDPOINTS.messages,
      (lang: Language, page) => ({ page, size: PAGE_SIZE, lang }),
      { providesTags: ['Messages'] },
    ),
  }),
});

export const { useGetMessagesInfiniteQuery } = messagesApi;

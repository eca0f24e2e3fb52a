import { baseApi } from 'shared/api';
import { ENDPOINTS, type DataOf } from 'shared/contract';
import type { Language } from 'shared/mf';

export interface MessagesArgs {
  page: number;
  size: number;
  /** The session language: the server renders the notices in it. */
  lang: Language;
}

/** POST /user/messages: one page of the inbox with the total and the unread count. */
export const messagesApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getMessages: build.query<DataOf<'messages'>, MessagesArgs>({
      query: (args) => ({ url: ENDPOINTS.messages.path, data: { ...args } }),
      transformResponse: (data: unknown) => ENDPOINTS.messages.data.parse(data),
      providesTags: ['Messages'],
    }),
  }),
});

export const { useGetMessagesQuery } = messagesApi;

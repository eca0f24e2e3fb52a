import { baseApi, contractQuery } from 'shared/api';
import { ENDPOINTS } from 'shared/contract';

/** POST /user/messages, first row only: the account's unread inbox count for the header's badge. */
const api = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getInboxUnread: contractQuery(build, ENDPOINTS.messages, {
      toBody: (_: void) => ({ page: 1, size: 1 }),
      providesTags: ['Messages'],
    }),
  }),
});

export const { useGetInboxUnreadQuery } = api;

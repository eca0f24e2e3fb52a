import { baseApi, contractQuery } from 'shared/api';
import { ENDPOINTS } from 'shared/contract';
import type { Language } from 'shared/mf';

/**
 * POST /user/messageInfo: one message, which the server marks read. Once it is read the inbox and
 * the unread count of getUserinfo (mine page, side panel) are stale, so their tags are invalidated.
 * It provides no `Messages` tag itself: that would fetch it (and mark it) again in a loop.
 */
export const messageInfoApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getMessageInfo: contractQuery(build, ENDPOINTS.messageInfo, {
      toBody: (args: { id: number; lang: Language }) => args,
      async onQueryStarted(_args, { dispatch, queryFulfilled }) {
        try {
          await queryFulfilled;
        } catch {
          return;
        }
        dispatch(baseApi.util.invalidateTags(['Messages', 'User']));
      },
    }),
  }),
});

export const { useGetMessageInfoQuery } = messageInfoApi;

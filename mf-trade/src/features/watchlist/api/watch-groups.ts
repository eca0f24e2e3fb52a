import { baseApi, contractMutation, contractQuery } from 'shared/api';
import { ENDPOINTS } from 'shared/contract';
import { WATCHLIST_TAG } from './get-watchlist';

/** The groups' cache tag; the groups also follow the watchlist's (adding or removing a stock changes them). */
export const WATCH_GROUPS_TAG = { type: 'Quotes', id: 'WATCH_GROUPS' } as const;
const changes = { invalidatesTags: [WATCH_GROUPS_TAG] };

/** /stock/watchGroups and its changes (docs/decisions/0022-alerts-and-watchlist-groups.md). */
const api = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getWatchGroups: contractQuery(build, ENDPOINTS.watchGroups, { providesTags: [WATCH_GROUPS_TAG, WATCHLIST_TAG] }),
    createWatchGroup: contractMutation(build, ENDPOINTS.watchGroupCreate, changes),
    renameWatchGroup: contractMutation(build, ENDPOINTS.watchGroupRename, changes),
    deleteWatchGroup: contractMutation(build, ENDPOINTS.watchGroupDelete, changes),
    moveWatch: contractMutation(build, ENDPOINTS.watchMove, changes),
    reorderWatch: contractMutation(build, ENDPOINTS.watchReorder, changes),
  }),
});

export const {
  useGetWatchGroupsQuery,
  useCreateWatchGroupMutation,
  useRenameWatchGroupMutation,
  useDeleteWatchGroupMutation,
  useMoveWatchMutation,
  useReorderWatchMutation,
} = api;

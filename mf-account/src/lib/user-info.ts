import type { UserInfo } from 'shared/contract';
import { useGetUserInfoQuery } from './api/get-user-info';
import { getHost } from './host';
import { ApiRefusal, refusalOf } from './http';

export interface UserInfoState {
  status: 'loading' | 'succeeded' | 'failed';
  data?: UserInfo;
  error?: ApiRefusal;
  /** Fetches again (after a failure, or to refresh). */
  retry: () => void;
}

/**
 * The signed-in user's account, identity status and balances in the selected market. Always fetched
 * fresh when a screen mounts: balances must not come from an old cache.
 */
export function useUserInfo(): UserInfoState {
  const market = getHost().getSession().market;
  const query = useGetUserInfoQuery(market, { refetchOnMountOrArgChange: true });
  const status = query.isError ? 'failed' : query.data ? 'succeeded' : 'loading';
  return {
    status,
    data: query.data,
    error: query.isError ? refusalOf(query.error) : undefined,
    retry: () => void query.refetch(),
  };
}

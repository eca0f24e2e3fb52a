import { useCallback, useEffect, useState } from 'react';
import { ENDPOINTS, userInfo, type UserInfo } from 'shared/contract';
import { getHost } from './host';
import { ApiRefusal, postForm } from './http';

export interface UserInfoState {
  status: 'loading' | 'succeeded' | 'failed';
  data?: UserInfo;
  error?: ApiRefusal;
  /** Fetches again (after a failure, or to refresh). */
  retry: () => void;
}

/** POST /user/getUserinfo with type = the session's market (spec §7), checked against the contract schema. */
export async function fetchUserInfo(): Promise<UserInfo> {
  const data = await postForm<unknown>(ENDPOINTS.userInfo.path, { type: getHost().getSession().market });
  const parsed = userInfo.safeParse(data);
  if (!parsed.success) throw new ApiRefusal('server_error');
  return parsed.data;
}

/** The signed-in user's account, identity status and balances in the selected market. */
export function useUserInfo(): UserInfoState {
  const [attempt, setAttempt] = useState(0);
  const [state, setState] = useState<Omit<UserInfoState, 'retry'>>({ status: 'loading' });
  useEffect(() => {
    let live = true;
    setState((previous) => ({ ...previous, status: 'loading', error: undefined }));
    fetchUserInfo().then(
      (data) => live && setState({ status: 'succeeded', data }),
      (error: unknown) => live && setState({ status: 'failed', error: error instanceof ApiRefusal ? error : new ApiRefusal('unknown_error') }),
    );
    return () => {
      live = false;
    };
  }, [attempt]);
  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  return { ...state, retry };
}

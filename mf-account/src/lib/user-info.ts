import type { UserInfo } from 'shared/contract';
import { apiErrorOf, type FormFieldError } from 'shared/remote-kit';
import { useGetUserInfoQuery } from './api/get-user-info';
import { getHost } from './host';

export interface UserInfoState {
  status: 'loading' | 'succeeded' | 'failed';
  data?: UserInfo;
  /** Why the call failed: a key of the `msg` namespace and its values. */
  error?: FormFieldError;
  /** Fetches again (after a failure, or to refresh). */
  retry: () => void;
}

/** A failed call as a catalogue key (server_error when it carries none). */
function failureOf(error: unknown): FormFieldError {
  const apiError = apiErrorOf(error);
  return apiError
    ? { key: apiError.msg, values: { status: apiError.status, ...apiError.values } }
    : { key: 'server_error' };
}

/**
 * The signed-in user's account, identity status and balances in the selected market. Always fetched
 * fresh when a screen mounts: balances must not come from an old cache. `maxAgeSeconds`: a screen that
 * only needs the details of this very moment (the welcome screen right after the login asked for them)
 * takes an answer that young instead of asking again.
 */
export function useUserInfo(options: { maxAgeSeconds?: number } = {}): UserInfoState {
  const market = getHost().getSession().market;
  const query = useGetUserInfoQuery(market, { refetchOnMountOrArgChange: options.maxAgeSeconds ?? true });
  const status = query.isError ? 'failed' : query.data ? 'succeeded' : 'loading';
  return {
    status,
    data: query.data,
    error: query.isError ? failureOf(query.error) : undefined,
    retry: () => void query.refetch(),
  };
}

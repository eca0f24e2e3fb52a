import { baseApi } from 'shared/api';
import type { LoginData } from 'shared/contract';
import { resetPasskeyOffer, type useHost } from '#lib';

/**
 * Hands a session answered by /user/login or /user/register to the shell (`setSession`) and drops
 * every cached answer: a new session must never see data cached for the previous one. A "Not now" on the passkey
 * offer lasted for the previous session only (issue 33 point 3).
 */
export function storeSession(host: ReturnType<typeof useHost>, session: LoginData): void {
  host.setSession({ token: session.token, account: session.account, is_admin: session.is_admin });
  host.store.dispatch(baseApi.util.resetApiState());
  resetPasskeyOffer();
}

import { baseApi } from 'shared/api';
import type { LoginData } from 'shared/contract';
import { userInfoApi, type useHost } from '#lib';

/**
 * Hands a session answered by /user/login or /user/register to the shell (`setSession`) and drops
 * every cached answer: a new session must never see data cached for the previous one.
 */
export function storeSession(host: ReturnType<typeof useHost>, session: LoginData): void {
  host.setSession({ token: session.token, account: session.account, is_admin: session.is_admin });
  host.store.dispatch(baseApi.util.resetApiState());
}

/**
 * Asks for the stored session's account details at once, for the welcome screen (/login/loginAfter),
 * which waits for them before it goes on: its route and chunk take about as long as the request, so
 * the screen joins the request in flight (or takes its answer) instead of starting it after its first
 * render (issue 15, bench/login.bench.mjs).
 */
export function askAccountDetails(host: ReturnType<typeof useHost>): void {
  host.store.dispatch(userInfoApi.util.prefetch('getUserInfo', host.getSession().market, {}));
}

import type { ComponentType } from 'react';
import type { RouteObject } from 'react-router';
import { ROUTE_OWNERS } from 'shared/routes';
import { RemoteRouteLoading } from 'shared/remote-kit';
import { namespaceReady } from './i18n';
import { apiReady } from './api';
import { withProviders } from './providers';
import { RemoteError } from './remote-error';

type ScreenLoader = () => Promise<ComponentType>;

/**
 * Each owned path and the screen it shows, loaded on demand. /login/logon shows the login form:
 * brokers keep old "logon" links working as a plain alias of login (no redirect hop, no second
 * chooser next to the start screen, which already offers log in and register).
 */
export const SCREENS: Record<string, ScreenLoader> = {
  '/login/start': () => import('../features/auth/components/start-screen').then((m) => m.StartScreen),
  '/login/logon': () => import('../features/auth/components/login-screen').then((m) => m.LoginScreen),
  '/login/register': () => import('../features/auth/components/register-screen').then((m) => m.RegisterScreen),
  '/login/login': () => import('../features/auth/components/login-screen').then((m) => m.LoginScreen),
  '/login/loginAfter': () => import('../features/auth/components/login-after-screen').then((m) => m.LoginAfterScreen),
  '/mine/index': () => import('../features/mine/components/mine-screen').then((m) => m.MineScreen),
  '/mine/protocol': () => import('../features/legal/components/legal-screens').then((m) => m.ProtocolScreen),
  '/mine/about': () => import('../features/legal/components/legal-screens').then((m) => m.AboutScreen),
  '/mine/privacy': () => import('../features/legal/components/legal-screens').then((m) => m.PrivacyScreen),
  '/mine/message': () => import('../features/messages/components/message-list-screen').then((m) => m.MessageListScreen),
  '/mine/messageInfo': () =>
    import('../features/messages/components/message-detail-screen').then((m) => m.MessageDetailScreen),
  '/mine/loginPassword': () =>
    import('../features/security/components/login-password-screen').then((m) => m.LoginPasswordScreen),
  '/mine/fundPassword': () =>
    import('../features/security/components/fund-password-screen').then((m) => m.FundPasswordScreen),
  '/mine/security': () =>
    import('../features/security/components/security-overview-screen').then((m) => m.SecurityOverviewScreen),
  '/mine/bank': () => import('../features/bank/components/bank-list-screen').then((m) => m.BankListScreen),
  '/mine/bankAdd': () => import('../features/bank/components/bank-add-screen').then((m) => m.BankAddScreen),
  '/mine/verified': () => import('../features/identity/components/verified-screen').then((m) => m.VerifiedScreen),
  '/mine/language': () => import('../features/language/components/language-screen').then((m) => m.LanguageScreen),
  '/mine/changeLang': () => import('../features/language/components/language-screen').then((m) => m.LanguageScreen),
  '/news/index': () => import('../features/news/components/news-list-screen').then((m) => m.NewsListScreen),
  '/news/info': () => import('../features/news/components/news-detail-screen').then((m) => m.NewsDetailScreen),
};

/** Screens that query nothing through the shared RTK Query API: they load without it (app/api.ts). */
export const SCREENS_WITHOUT_API: ReadonlySet<string> = new Set(['/login/start']);

/**
 * One route per path the route table gives this remote: absolute path, lazy screen (with its
 * translations and, unless it needs none, the shared API connected), translated error view.
 */
export function accountRoutes(): RouteObject[] {
  return ROUTE_OWNERS.mf_account.map((path) => {
    const load = SCREENS[path];
    if (!load) throw new Error(`mf_account: no screen for ${path}`);
    return {
      path,
      lazy: async () => {
        const [Screen] = await Promise.all([
          load(),
          namespaceReady(),
          SCREENS_WITHOUT_API.has(path) ? undefined : apiReady(),
        ]);
        return { Component: withProviders(Screen) };
      },
      errorElement: <RemoteError />,
      hydrateFallbackElement: <RemoteRouteLoading />,
    };
  });
}

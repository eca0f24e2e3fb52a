import type { RouteObject } from 'react-router';
import { createRemoteRoutes, type ScreenLoader } from 'shared/remote-kit';
import { NAMESPACE } from '../lib/i18n';

/** Each owned path and its screen, loaded on demand (one chunk per screen). */
const SCREENS: Record<string, ScreenLoader> = {
  '/mine/stored': () =>
    import('../features/deposit/components/deposit-channel-screen').then((m) => m.DepositChannelScreen),
  '/mine/deposit': () => import('../features/deposit/components/deposit-screen').then((m) => m.DepositScreen),
  '/mine/withdraw': () => import('../features/withdraw/components/withdraw-screen').then((m) => m.WithdrawScreen),
  '/mine/exchange': () => import('../features/exchange/components/exchange-screen').then((m) => m.ExchangeScreen),
  '/mine/loan': () => import('../features/loan/components/loan-screen').then((m) => m.LoanScreen),
  '/mine/loanOrder': () => import('../features/loan/components/loan-orders-screen').then((m) => m.LoanOrdersScreen),
  '/mine/lending': () => import('../features/lending/components/lending-screen').then((m) => m.LendingScreen),
  '/mine/transactionRecords': () =>
    import('../features/fund-records/components/fund-records-screen').then((m) => m.FundRecordsScreen),
};

/** Route objects with absolute paths; screens lazy; one translated error view for the whole remote. */
export function createRoutes(): RouteObject[] {
  return createRemoteRoutes(NAMESPACE, SCREENS);
}

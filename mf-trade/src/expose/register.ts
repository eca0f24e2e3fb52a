import type { RegisterRemote } from 'shared/mf';
import { ROUTE_OWNERS } from 'shared/routes';

export const register: RegisterRemote = () => ({ name: 'mf_trade', namespace: 'mf_trade', routes: ROUTE_OWNERS.mf_trade.map((path) => ({ path, element: null })) });

import type { RegisterRemote } from 'shared/mf';
import { ROUTE_OWNERS } from 'shared/routes';

export const register: RegisterRemote = () => ({ name: 'mf_copytrade', namespace: 'mf_copytrade', routes: ROUTE_OWNERS.mf_copytrade.map((path) => ({ path, element: null })) });

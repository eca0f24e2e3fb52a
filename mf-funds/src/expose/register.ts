import type { RegisterRemote } from 'shared/mf';
import { ROUTE_OWNERS } from 'shared/routes';

export const register: RegisterRemote = () => ({ name: 'mf_funds', namespace: 'mf_funds', routes: ROUTE_OWNERS.mf_funds.map((path) => ({ path, element: null })) });

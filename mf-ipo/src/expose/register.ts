import type { RegisterRemote } from 'shared/mf';
import { ROUTE_OWNERS } from 'shared/routes';

export const register: RegisterRemote = () => ({ name: 'mf_ipo', namespace: 'mf_ipo', routes: ROUTE_OWNERS.mf_ipo.map((path) => ({ path, element: null })) });

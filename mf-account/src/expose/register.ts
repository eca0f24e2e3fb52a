import type { RegisterRemote } from 'shared/mf';
import { ROUTE_OWNERS } from 'shared/routes';

export const register: RegisterRemote = () => ({ name: 'mf_account', namespace: 'mf_account', routes: ROUTE_OWNERS.mf_account.map((path) => ({ path, element: null })) });

import type { AdminEndpointName, AdminMe } from 'shared/contract';
import { apiErrorOf } from 'shared/remote-kit';
import { useGetAdminMeQuery } from './api/get-admin-me';

/** What the signed-in session may do in the back office, from /admin/me (never from the is_admin hint). */
export type AdminAccess =
  | { state: 'loading' }
  | { state: 'denied' }
  | { state: 'failed'; retry: () => void }
  | { state: 'ok'; me: AdminMe; may: (name: AdminEndpointName) => boolean };

/** A refusal of /admin/me that means "not an administrator" (HTTP 403, or the server's forbidden key). */
const isForbidden = (error: unknown) => {
  const e = apiErrorOf(error);
  return !!e && (e.status === 403 || e.msg === 'forbidden');
};

/** Reads /admin/me once (cached) and answers the operator's access. */
export function useAdminAccess(): AdminAccess {
  const { data, error, isLoading, refetch } = useGetAdminMeQuery();
  if (isLoading) return { state: 'loading' };
  if (error) return isForbidden(error) ? { state: 'denied' } : { state: 'failed', retry: () => void refetch() };
  if (!data || data.roles.length === 0) return { state: 'denied' };
  const allowed = new Set(data.allowed);
  return { state: 'ok', me: data, may: (name) => allowed.has(name) };
}

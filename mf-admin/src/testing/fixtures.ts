/** Fake answers of the back-office API for this remote's screen tests. */
import { ADMIN_PERMISSIONS, type AdminRole } from 'shared/contract';
import { ok, reply } from 'shared/test-utils';

export const SESSION = { language: 'us', market: 'jpy', token: 't', account: '0900000001' } as const;

/** /admin/me for an operator holding `roles`: `allowed` from the contract's one permission table. */
export function adminMe(roles: AdminRole[]) {
  const allowed = Object.entries(ADMIN_PERMISSIONS)
    .filter(([, may]) => roles.some((role) => (may as readonly string[]).includes(role)))
    .map(([name]) => name);
  return ok({ account: SESSION.account, roles, allowed });
}

/** /admin/me as the server answers a session that is not an administrator. */
export const forbidden = () => reply(403, { status: 0, msg: 'forbidden' });

export const DEPOSIT = {
  id: 7,
  order_no: 'D20261124000007',
  account: '0901234567',
  currency: 'JPY',
  amount: '150000',
  status: 'pending',
  reject_reason: null,
  created_at: '2026-11-24T01:00:00.000Z',
  reviewed_at: null,
  proof_id: 'proofproofproof0001',
  channel_id: 2,
};

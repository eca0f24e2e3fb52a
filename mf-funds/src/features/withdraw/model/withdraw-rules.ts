/** Minimum withdrawal per transaction, in yen (spec §5, §9). */
export const MIN_WITHDRAWAL_JPY = '30000';

/** Withdrawal hours on business days (spec §9), Japan time. */
export const WITHDRAWAL_HOURS = { from: '9:00', to: '15:30' } as const;

/**
 * Review state of a withdrawal. The contract fixes only status 0 (pending review); spec §4 names
 * approved and rejected, which the server is expected to send as 1 and 2. Any other code shows as
 * "processed" rather than a guess.
 */
export function withdrawalState(status: number): 'pending' | 'approved' | 'rejected' | 'processed' {
  if (status === 0) return 'pending';
  if (status === 1) return 'approved';
  if (status === 2) return 'rejected';
  return 'processed';
}

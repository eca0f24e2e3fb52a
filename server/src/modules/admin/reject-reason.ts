/**
 * Every back-office review (identity, deposit, withdrawal, loan, block trade, day trade) tells the
 * user why a rejection happened: a reject whose reason is missing, empty or blank is refused
 * `reject_reason_required`. Each review calls this after its "already decided" check
 * (`review_already_done` first) and before it writes a ledger posting, an inbox message or an
 * audit entry; when it runs after the conditional UPDATE, the throw rolls the transaction back.
 */
import { BusinessError } from '../../errors';

export function requireRejectReason(action: 'approve' | 'reject', reason: string | null | undefined): void {
  if (action === 'reject' && (reason ?? '').trim() === '')
    throw new BusinessError('reject_reason_required', { field: 'reason' });
}

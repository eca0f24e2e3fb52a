/**
 * What each review queue shows: its table columns, the detail pane's fields and the uploaded images to show (the
 * row fields holding upload ids). One description per queue drives the one queue screen.
 */
import type { FieldSpec, QueueId } from '#lib';

export interface QueueFields {
  columns: readonly FieldSpec[];
  detail: readonly FieldSpec[];
  /** Row fields holding upload ids, shown through /admin/image (`field.<key>` labels them). */
  images?: readonly string[];
  /**
   * Four-eyes: the row field naming the administrator who asked (their call was the first approval). The signed-in
   * operator never decides their own request (the server refuses it with four_eyes_same_admin too).
   */
  requesterKey?: string;
  /** The label of the decision's reason when it is not `review.reason` (who reads the reason differs). */
  reasonLabelKey?: string;
  /** Cells wrap instead of scrolling the table sideways (long kinds, targets and payloads beside the pane). */
  wrapCells?: boolean;
}

const status: FieldSpec = { key: 'status', kind: 'status' };
const created: FieldSpec = { key: 'created_at', kind: 'date' };
const reviewed: FieldSpec = { key: 'reviewed_at', kind: 'date' };
const rejectReason: FieldSpec = { key: 'reject_reason' };

export const QUEUE_FIELDS: Record<QueueId, QueueFields> = {
  deposits: {
    columns: [{ key: 'order_no' }, { key: 'account' }, { key: 'amount', kind: 'money' }, status, created],
    detail: [
      { key: 'order_no' },
      { key: 'account' },
      { key: 'amount', kind: 'money' },
      { key: 'channel_id' },
      status,
      created,
      reviewed,
      rejectReason,
    ],
    images: ['proof_id'],
  },
  realnames: {
    columns: [{ key: 'account' }, { key: 'name' }, { key: 'id_number' }, status, created],
    detail: [{ key: 'account' }, { key: 'name' }, { key: 'id_number' }, status, created, reviewed, rejectReason],
    images: ['front_id', 'back_id'],
  },
  withdrawals: {
    columns: [
      { key: 'order_no' },
      { key: 'account' },
      { key: 'amount', kind: 'money' },
      { key: 'bank_name' },
      status,
      created,
    ],
    detail: [
      { key: 'order_no' },
      { key: 'account' },
      { key: 'amount', kind: 'money' },
      { key: 'holder_name' },
      { key: 'bank_name' },
      { key: 'card_number' },
      status,
      created,
      reviewed,
      rejectReason,
    ],
  },
  loans: {
    columns: [
      { key: 'order_no' },
      { key: 'account' },
      { key: 'amount', kind: 'money' },
      { key: 'term_days', kind: 'number' },
      { key: 'score', kind: 'number' },
      status,
    ],
    detail: [
      { key: 'order_no' },
      { key: 'account' },
      { key: 'amount', kind: 'money' },
      { key: 'term_days', kind: 'number' },
      { key: 'annual_rate_pct', kind: 'number' },
      { key: 'interest_at_due', kind: 'money' },
      { key: 'score', kind: 'number' },
      { key: 'limit', kind: 'money' },
      { key: 'available', kind: 'money' },
      status,
      { key: 'due_at', kind: 'date' },
      rejectReason,
    ],
  },
  block: {
    columns: [
      { key: 'order_no' },
      { key: 'account' },
      { key: 'code' },
      { key: 'lots', kind: 'number' },
      { key: 'amount', kind: 'money' },
      status,
      created,
    ],
    detail: [
      { key: 'order_no' },
      { key: 'account' },
      { key: 'code' },
      { key: 'market' },
      { key: 'variant' },
      { key: 'lots', kind: 'number' },
      { key: 'shares', kind: 'number' },
      { key: 'block_price', kind: 'money' },
      { key: 'amount', kind: 'money' },
      { key: 'held', kind: 'money' },
      status,
      created,
      reviewed,
      { key: 'reason' },
    ],
  },
  daytrade: {
    columns: [
      { key: 'order_no' },
      { key: 'user_id' },
      { key: 'market' },
      { key: 'participation', kind: 'money' },
      { key: 'trade_date' },
      status,
    ],
    detail: [
      { key: 'order_no' },
      { key: 'user_id' },
      { key: 'market' },
      { key: 'trade_date' },
      { key: 'participation', kind: 'money' },
      { key: 'multiple', kind: 'number' },
      { key: 'allowance', kind: 'money' },
      status,
      created,
      reviewed,
    ],
  },
  approvals: {
    columns: [
      { key: 'endpoint', kind: 'endpoint', labelKey: 'field.kind' },
      { key: 'target' },
      { key: 'requester', labelKey: 'field.requested_by' },
      { key: 'requested_at', kind: 'date' },
      { key: 'payload', kind: 'payload' },
      status,
    ],
    detail: [
      { key: 'id' },
      { key: 'endpoint', kind: 'endpoint', labelKey: 'field.kind' },
      { key: 'target' },
      { key: 'payload', kind: 'payload' },
      // a withdrawal approval: the withdrawal's amount in its currency (read by the server with the request)
      { key: 'amount', kind: 'money' },
      { key: 'requester', labelKey: 'field.first_approval' },
      { key: 'requester_roles', kind: 'list', labelKey: 'field.actor_roles' },
      { key: 'requested_at', kind: 'date' },
      status,
      { key: 'decider', labelKey: 'field.second_approval' },
      { key: 'decided_at', kind: 'date' },
      { key: 'reason' },
      { key: 'outcome', kind: 'outcome' },
    ],
    requesterKey: 'requester',
    reasonLabelKey: 'approvals.reason',
    wrapCells: true,
  },
};

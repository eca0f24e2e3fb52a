/**
 * The back office's review queues (issue 14): each names its list and review endpoints of the contract, its route,
 * and how the filter's statuses read on the wire. The dashboard and the queue screens both read this table, so a
 * queue is added in one place; its columns and detail fields are the queue screen's own (features/review-queues).
 */
import { ENDPOINTS, type AdminEndpointName } from 'shared/contract';

export const QUEUE_IDS = ['deposits', 'realnames', 'withdrawals', 'loans', 'block', 'daytrade', 'approvals'] as const;
export type QueueId = (typeof QUEUE_IDS)[number];

/** The filter every queue offers; a queue maps it to its own wire states (day trades say `submitted`, ...). */
export const QUEUE_FILTERS = ['pending', 'approved', 'rejected', 'all'] as const;
export type QueueFilter = (typeof QUEUE_FILTERS)[number];

/** Rows per page of the review lists (the server's ADMIN_PAGE_SIZE), of the four-eyes requests and the audit log. */
export const QUEUE_PAGE_SIZE = 20;
export const FOUR_EYES_PAGE_SIZE = 50;
export const AUDIT_PAGE_SIZE = 50;

export interface QueueDefinition {
  id: QueueId;
  /** The screen's route (shared/routes ROUTE_OWNERS.mf_admin). */
  path: string;
  list: AdminEndpointName;
  review: AdminEndpointName;
  /** The wire value of each filter, when it differs from the filter's name. */
  wireStatus?: Partial<Record<QueueFilter, string>>;
  /** Rows per page when the server's differs from QUEUE_PAGE_SIZE. */
  pageSize?: number;
}

export const QUEUES: Record<QueueId, QueueDefinition> = {
  deposits: { id: 'deposits', path: '/admin/deposits', list: 'adminDeposits', review: 'adminDepositReview' },
  realnames: { id: 'realnames', path: '/admin/realnames', list: 'adminRealnames', review: 'adminRealnameReview' },
  withdrawals: {
    id: 'withdrawals',
    path: '/admin/withdrawals',
    list: 'adminWithdrawals',
    review: 'adminWithdrawalReview',
  },
  loans: { id: 'loans', path: '/admin/loans', list: 'adminLoans', review: 'adminLoanReview' },
  block: { id: 'block', path: '/admin/block', list: 'adminBlockApplications', review: 'adminBlockReview' },
  daytrade: {
    id: 'daytrade',
    path: '/admin/daytrade',
    list: 'adminDayTrades',
    review: 'adminDayTradeReview',
    wireStatus: { pending: 'submitted', approved: 'applied', rejected: 'failed' },
  },
  // Four-eyes (ADR 0026): requests a first administrator made, decided by a second, different one.
  approvals: {
    id: 'approvals',
    path: '/admin/approvals',
    list: 'adminApprovals',
    review: 'adminApprove',
    pageSize: FOUR_EYES_PAGE_SIZE,
  },
};

/** The path of the four-eyes approvals screen (linked from a review that answers `four_eyes_waiting`). */
export const APPROVALS_PATH = '/admin/approvals';

/** The contract path of a back-office endpoint (e.g. `/admin/deposits`). */
export const pathOf = (name: AdminEndpointName): string => (ENDPOINTS as Record<string, { path: string }>)[name]!.path;

/** The status a queue's list request carries for a filter. */
export const wireStatusOf = (queue: QueueDefinition, filter: QueueFilter): string =>
  queue.wireStatus?.[filter] ?? filter;

/** Rows per page of a queue's list. */
export const pageSizeOf = (queue: QueueDefinition): number => queue.pageSize ?? QUEUE_PAGE_SIZE;

/** Whether a row (its wire `status`) still waits for a decision. */
export const isPending = (status: unknown): boolean => status === 'pending' || status === 'submitted';

/** The badge tone of a row's wire status, across every queue's vocabulary. */
export function toneOf(status: unknown): 'pending' | 'success' | 'danger' | 'neutral' {
  if (isPending(status)) return 'pending';
  if (['approved', 'verified', 'applied', 'in_trade', 'filled'].includes(String(status))) return 'success';
  if (['rejected', 'failed'].includes(String(status))) return 'danger';
  return 'neutral';
}

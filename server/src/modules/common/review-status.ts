/** The review states of deposits, withdrawals and loans, by their stored code (0, 1, 2). */
export const REVIEW_STATUS = ['pending', 'approved', 'rejected'] as const;

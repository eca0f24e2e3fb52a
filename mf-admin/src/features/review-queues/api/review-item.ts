import type { WithMessage } from 'shared/api';
import { ENDPOINTS, reviewRequest, type AdminEndpointName } from 'shared/contract';
import { ADMIN_TAG, adminApi } from '#lib';

export interface ReviewArgs {
  /** The queue's review endpoint (adminDepositReview, adminBlockReview, ...). */
  name: AdminEndpointName;
  id: number;
  action: 'approve' | 'reject';
  reason: string;
}

/** What the server said about a decision: its message key (`review_done`, `four_eyes_waiting`, `saved`, ...). */
export interface ReviewAnswer {
  msg: string;
  /** Set when the decision waits for a second administrator (`four_eyes_waiting`): the request to approve. */
  fourEyesId?: number;
}

/** The ReviewAnswer of the base query's `{ data, msg }` (msg '' when the server sent none). */
function reviewAnswer({ data, msg }: WithMessage<unknown>): ReviewAnswer {
  const fourEyesId = (data as { four_eyes_id?: unknown } | null)?.four_eyes_id;
  return typeof fourEyesId === 'number' ? { msg: msg ?? '', fourEyesId } : { msg: msg ?? '' };
}

/**
 * POST a decision to the queue's review endpoint (body checked by the contract's reviewRequest; /admin/approve's
 * approveRequest has the same fields, so four-eyes requests are decided through it too). The base query answers
 * `withMessage` because the screen shows the answer's `msg` (e.g. a withdrawal above the four-eyes amount waits
 * for a second administrator).
 */
const api = adminApi.injectEndpoints({
  endpoints: (build) => ({
    reviewItem: build.mutation<ReviewAnswer, ReviewArgs>({
      query: ({ name, ...body }) => ({
        url: (ENDPOINTS as Record<string, { path: string }>)[name]!.path,
        data: reviewRequest.parse(body),
        withMessage: true,
      }),
      transformResponse: reviewAnswer,
      invalidatesTags: [ADMIN_TAG],
    }),
  }),
});

export const { useReviewItemMutation } = api;

import { apiErrorFrom, getHttpClient, httpFailure, isHttpFailure, type ApiError } from 'shared/api';
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

/**
 * POST a decision to the queue's review endpoint (body checked by the contract's reviewRequest; /admin/approve's
 * approveRequest has the same fields, so four-eyes requests are decided through it too). Written as a
 * queryFn, not with contractMutation, because the screen shows the answer's `msg` (e.g. a withdrawal above the
 * four-eyes amount waits for a second administrator) and the base query keeps only `data`.
 */
const api = adminApi.injectEndpoints({
  endpoints: (build) => ({
    reviewItem: build.mutation<ReviewAnswer, ReviewArgs>({
      queryFn: async ({ name, ...body }) => {
        try {
          const path = (ENDPOINTS as Record<string, { path: string }>)[name]!.path;
          const response = await getHttpClient().post(path, reviewRequest.parse(body));
          const envelope = response.data as { msg?: unknown; data?: { four_eyes_id?: unknown } } | undefined;
          const msg = typeof envelope?.msg === 'string' ? envelope.msg : '';
          const fourEyesId = envelope?.data?.four_eyes_id;
          return { data: typeof fourEyesId === 'number' ? { msg, fourEyesId } : { msg } };
        } catch (error) {
          const failure = isHttpFailure(error) ? error : httpFailure('network', 0, 'network_error');
          return { error: apiErrorFrom(failure) as ApiError };
        }
      },
      invalidatesTags: [ADMIN_TAG],
    }),
  }),
});

export const { useReviewItemMutation } = api;

import { apiErrorFrom, httpFailure, type ApiError, type WithMessage } from 'shared/api';
import { ENDPOINTS, reviewRequest, type AdminEndpointName } from 'shared/contract';
import { issueRefusal, type IssueLike } from 'shared/messages';
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
 * The refusal of a body the contract rejects, in the words the server would answer it with (`issueRefusal`: the
 * issue's catalogue key, its field and values; a business refusal), so the screen shows it like the server's own.
 */
function refusalOf(issue: IssueLike): ApiError {
  const { key, field, values } = issueRefusal(issue);
  return apiErrorFrom(httpFailure('business', 200, key, undefined, field ? { field, values } : { values }));
}

/**
 * POST a decision to the queue's review endpoint (body checked by the contract's reviewRequest; /admin/approve's
 * approveRequest has the same fields, so four-eyes requests are decided through it too). A body the schema rejects
 * is not sent: the mutation answers its refusal as an error, as a server refusal would be. The base query answers
 * `withMessage` because the screen shows the answer's `msg` (e.g. a withdrawal above the four-eyes amount waits
 * for a second administrator).
 */
const api = adminApi.injectEndpoints({
  endpoints: (build) => ({
    reviewItem: build.mutation<ReviewAnswer, ReviewArgs>({
      queryFn: async ({ name, ...body }, _api, _extra, baseQuery) => {
        const checked = reviewRequest.safeParse(body);
        if (!checked.success) return { error: refusalOf(checked.error.issues[0]!) };
        const answer = await baseQuery({
          url: (ENDPOINTS as Record<string, { path: string }>)[name]!.path,
          data: checked.data,
          withMessage: true,
        });
        return answer.error ? { error: answer.error } : { data: reviewAnswer(answer.data as WithMessage<unknown>) };
      },
      invalidatesTags: [ADMIN_TAG],
    }),
  }),
});

export const { useReviewItemMutation } = api;

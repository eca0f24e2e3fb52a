import { baseApi, contractRequest, type AnswerOf, type BodyOf } from 'shared/api';
import { ENDPOINTS } from 'shared/contract';

const realname = ENDPOINTS.realname;

/** The contract's fields of /user/realname and the file parts it names (`front`, `back`). */
export type RealnameSubmission = BodyOf<typeof realname> & Record<(typeof realname.files)[number], File>;

/** The submission as multipart: the text fields of the contract, then the two images. */
function multipart({ front, back, ...fields }: RealnameSubmission): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) {
    if (value !== undefined && value !== null) form.append(name, String(value));
  }
  const images: Record<(typeof realname.files)[number], File> = { front, back };
  for (const part of realname.files) form.append(part, images[part], images[part].name);
  return form;
}

/**
 * POST /user/realname as multipart (the shell's axios sends FormData as multipart). The URL and the
 * answer's schema come from the contract entry as for every call; the body is FormData, which
 * `contractMutation` (form fields only) cannot send, hence `contractRequest` with the parts added.
 * Invalidates `User` (the identity state here, realname_status in getUserinfo).
 */
export const submitRealnameApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    submitRealname: build.mutation<AnswerOf<typeof realname>, RealnameSubmission>({
      query: (submission) => ({ ...contractRequest(realname), data: multipart(submission) }),
      invalidatesTags: ['User'],
    }),
  }),
});

export const { useSubmitRealnameMutation } = submitRealnameApi;

import { baseApi } from 'shared/api';
import { ENDPOINTS, type DataOf } from 'shared/contract';

export interface RealnameSubmission {
  name: string;
  id_number: string;
  front: File;
  back: File;
}

/**
 * POST /user/realname as multipart (the shell's axios sends FormData as multipart): the text fields
 * of the contract and the file parts it names (`front`, `back`). Invalidates `User` (the identity
 * state here, realname_status in getUserinfo).
 */
export const submitRealnameApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    submitRealname: build.mutation<DataOf<'realname'>, RealnameSubmission>({
      query: ({ name, id_number, front, back }) => {
        const form = new FormData();
        form.append('name', name);
        form.append('id_number', id_number);
        form.append('privacy', '1');
        const [frontPart, backPart] = ENDPOINTS.realname.files;
        form.append(frontPart, front, front.name);
        form.append(backPart, back, back.name);
        return { url: ENDPOINTS.realname.path, data: form };
      },
      transformResponse: (data: unknown) => ENDPOINTS.realname.data.parse(data),
      invalidatesTags: ['User'],
    }),
  }),
});

export const { useSubmitRealnameMutation } = submitRealnameApi;

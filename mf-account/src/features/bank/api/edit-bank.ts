import { baseApi } from 'shared/api';
import { ENDPOINTS, type RequestOf } from 'shared/contract';

/** POST /user/bankEdit: edits one of the user's cards; refreshes the card list. */
export const editBankApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    editBank: build.mutation<null, RequestOf<'bankAdd'> & { id: number }>({
      query: (body) => ({ url: ENDPOINTS.bankEdit.path, data: body }),
      invalidatesTags: ['Bank'],
    }),
  }),
});

export const { useEditBankMutation } = editBankApi;

import { baseApi, contractMutation } from 'shared/api';
import { ENDPOINTS } from 'shared/contract';

/** POST /user/bankEdit: edits one of the user's cards; refreshes the card list. */
export const editBankApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    editBank: contractMutation(build, ENDPOINTS.bankEdit, { invalidatesTags: ['Bank'] }),
  }),
});

export const { useEditBankMutation } = editBankApi;
